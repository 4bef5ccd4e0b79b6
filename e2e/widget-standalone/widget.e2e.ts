import { dialog, expect, fillRequired, launcher, openHostPage, posts, test } from './fixtures.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

test('fetches and stores nothing until used, then files a ticket form-encoded', async ({ page, context, site, pageErrors }) => {
  const pageRequests: string[] = [];
  page.on('request', (r) => pageRequests.push(`${r.method()} ${r.url()}`));
  await openHostPage(page, site);

  // Before the click: the host document, the script, and the form's definition in the visitor's language (the
  // launcher's words and corner come with it); nothing is stored.
  expect(pageRequests).toEqual([
    `GET ${site.hostOrigin}/strict`,
    `GET ${site.apiOrigin}/helpdesk/tickets/embed/`,
    `GET ${site.apiOrigin}/api/helpdesk/v1/tickets/form/?lang=en`,
  ]);

  await launcher(page).click();
  const d = dialog(page);
  await expect(d).toBeVisible();
  await expect(d.getByLabel('Your Name')).toBeFocused();
  await d.getByLabel('Product').selectOption({ label: 'Mobile app' });
  await d.getByLabel('Reason').selectOption({ label: 'Billing' });
  await d.getByLabel('Urgency').selectOption({ label: 'High' });
  await fillRequired(page);
  await d.getByLabel('Order ID').fill('A-1001');
  await d.getByRole('button', { name: 'Send ticket' }).click();

  await expect(d.getByRole('status')).toHaveText(
    'Thanks! Your ticket #100 was filed. A confirmation email is on its way to ann@example.com.',
  );
  await expect(d.getByRole('status')).toBeFocused();

  const lookups = site.requests.filter((r) => r.method === 'GET' && r.path.startsWith('/api/')).map((r) => r.path);
  // One request for the owner's form, which carries the three lists.
  expect(lookups.sort()).toEqual(['/api/helpdesk/v1/tickets/form/']);
  expect(site.requests.some((r) => r.method === 'OPTIONS')).toBe(false);

  const post = site.requests.find((r) => r.method === 'POST');
  expect(post?.path).toBe('/api/helpdesk/v1/tickets/');
  expect(post?.headers['content-type']).toBe('application/x-www-form-urlencoded;charset=UTF-8');
  expect(post?.headers.cookie).toBeUndefined();
  expect(post?.headers.origin).toBe(site.hostOrigin);
  const body = new URLSearchParams(post?.body);
  expect([...body.keys()]).toEqual([
    'name',
    'email',
    'subject',
    'description',
    'product',
    'reason',
    'urgency',
    'order_id',
    'idempotency_key',
    'language',
    'fill_ms',
    'widget_session',
  ]);
  // The honeypot stays empty for a person, so it is not sent; the fill time is; and the page session whose
  // suggestions the agent sees ("Read before filing"): random, the same as the deflection events'.
  expect(Number(body.get('fill_ms'))).toBeGreaterThan(0);
  expect(body.get('widget_session')).toMatch(/^[0-9a-z]{32}$/);
  const events = site.deflection.filter((r) => r.path === '/api/helpdesk/v1/widget-events').map((r) => new URLSearchParams(r.body));
  expect(events.map((e) => e.get('session'))).toContain(body.get('widget_session'));
  expect(Object.fromEntries(body)).toMatchObject({
    name: 'Ann Example',
    email: 'ann@example.com',
    subject: 'Cannot check out',
    description: 'The pay button does nothing.\nLine two & more = "quoted".',
    product: '12',
    reason: '21',
    urgency: '32',
    order_id: 'A-1001',
    language: 'en',
  });
  expect(body.get('idempotency_key')).toMatch(UUID);

  // Nothing left behind in the host page's storage.
  expect(await page.evaluate(() => [document.cookie, localStorage.length, sessionStorage.length])).toEqual(['', 0, 0]);
  expect(await context.cookies()).toEqual([]);
  expect(pageErrors).toEqual([]);
});

test('omits empty optional fields; a list that fails or is empty is hidden and filing still works', async ({ page, site }) => {
  site.lists.reasons = 'fail';
  site.lists.urgencies = [];
  await openHostPage(page, site);
  await launcher(page).click();
  const d = dialog(page);
  await expect(d.getByLabel('Product')).toBeVisible();
  await expect(d.getByLabel('Reason')).toBeHidden();
  await expect(d.getByLabel('Urgency')).toBeHidden();
  await fillRequired(page);
  await d.getByRole('button', { name: 'Send ticket' }).click();
  await expect(d.getByRole('status')).toContainText('Your ticket #100 was filed');
  expect([...(posts(site)[0]?.keys() ?? [])]).toEqual([
    'name',
    'email',
    'subject',
    'description',
    'idempotency_key',
    'language',
    'fill_ms',
    'widget_session',
  ]);
  // The form failed with the list, so the widget fell back to the three lists, once each.
  const lookups = site.requests.filter((r) => r.method === 'GET' && r.path.startsWith('/api/')).map((r) => r.path);
  expect(lookups.sort()).toEqual([
    '/api/helpdesk/v1/tickets/form/',
    '/api/helpdesk/v1/tickets/products/',
    '/api/helpdesk/v1/tickets/reasons/',
    '/api/helpdesk/v1/tickets/urgencies/',
  ]);
});

test('lookups happen once; closing keeps what was typed', async ({ page, site }) => {
  await openHostPage(page, site);
  await launcher(page).click();
  const d = dialog(page);
  await expect(d.getByLabel('Product')).toBeVisible();
  await d.getByLabel('Subject').fill('Half typed');
  await d.getByRole('button', { name: 'Close' }).click();
  await expect(d).toBeHidden();
  await expect(launcher(page)).toBeFocused();
  await launcher(page).click();
  await expect(d.getByLabel('Subject')).toHaveValue('Half typed');
  expect(site.requests.filter((r) => r.path.startsWith('/api/')).length).toBe(1);
});

test('client-side validation shows messages at the fields and sends nothing', async ({ page, site }) => {
  await openHostPage(page, site);
  await launcher(page).click();
  const d = dialog(page);
  await d.getByLabel('Your Email').fill('not-an-email');
  await d.getByRole('button', { name: 'Send ticket' }).click();

  const name = d.getByLabel('Your Name');
  await expect(name).toBeFocused();
  for (const label of ['Your Name', 'Your Email', 'Subject', 'Description']) {
    const field = d.getByLabel(label);
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    // The message is linked to the field and not empty.
    await expect(field).toHaveAccessibleDescription(/.+/);
  }
  await expect(d.getByLabel('Order ID')).not.toHaveAttribute('aria-invalid');
  await expect(d.getByRole('alert')).toHaveText('Please correct the marked fields.');

  // Fixing a field clears its message.
  await name.fill('Ann');
  await expect(name).not.toHaveAttribute('aria-invalid');
  await expect(name).toHaveAccessibleDescription('');
  expect(posts(site)).toEqual([]);
});

test('400 problem errors appear at their fields; unknown fields go to the form alert', async ({ page, site }) => {
  site.postMode = 'invalid';
  await openHostPage(page, site);
  await launcher(page).click();
  const d = dialog(page);
  await fillRequired(page);
  await d.getByRole('button', { name: 'Send ticket' }).click();

  const email = d.getByLabel('Your Email');
  await expect(email).toBeFocused();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  // The server's rule is put in plain words at the field.
  await expect(email).toHaveAccessibleDescription('Enter an email address like name@example.com.');
  await expect(d.getByRole('alert')).toHaveText('coupon codes are not accepted here');
  await expect(d.getByLabel('Your Name')).not.toHaveAttribute('aria-invalid');
  // Everything typed is kept.
  await expect(d.getByLabel('Subject')).toHaveValue('Cannot check out');
});

test('403 REGISTRATION_CLOSED is explained in plain words', async ({ page, site }) => {
  site.postMode = 'closed';
  await openHostPage(page, site);
  await launcher(page).click();
  await fillRequired(page);
  await dialog(page).getByRole('button', { name: 'Send ticket' }).click();
  await expect(dialog(page).getByRole('alert')).toHaveText(
    'This help desk only accepts tickets from people who already have an account. ' +
      'Please use the email address of your existing account, or contact the site owner.',
  );
});

test('429 uses Retry-After when it is exposed, else "a little while"', async ({ page, site }) => {
  site.postMode = 'limited';
  await openHostPage(page, site);
  await launcher(page).click();
  const d = dialog(page);
  await fillRequired(page);
  await d.getByRole('button', { name: 'Send ticket' }).click();
  await expect(d.getByRole('alert')).toHaveText('Too many requests — please try again in 2 minutes.');

  site.postMode = 'limited-hidden';
  await d.getByRole('button', { name: 'Send ticket' }).click();
  await expect(d.getByRole('alert')).toHaveText('Too many requests — please try again in a little while.');
  // Both attempts were the same filled form.
  const keys = posts(site).map((b) => b.get('idempotency_key'));
  expect(keys).toHaveLength(2);
  expect(keys[1]).toBe(keys[0]);
});

test('a dropped connection keeps the form; "Try again" resends with the same key', async ({ page, site }) => {
  site.postMode = 'drop';
  await openHostPage(page, site);
  await launcher(page).click();
  const d = dialog(page);
  await fillRequired(page);
  await d.getByRole('button', { name: 'Send ticket' }).click();
  await expect(d.getByRole('alert')).toHaveText('We couldn’t reach the help desk. Check your connection and try again.');
  await expect(d.getByLabel('Description')).toHaveValue('The pay button does nothing.\nLine two & more = "quoted".');

  site.postMode = 'ok';
  await d.getByRole('button', { name: 'Try again' }).click();
  await expect(d.getByRole('status')).toContainText('Your ticket #100 was filed');

  // However many attempts reached the server (the browser may itself retry a reset
  // connection), they all carry one key, so the help desk files one ticket.
  const keys = new Set(posts(site).map((b) => b.get('idempotency_key')));
  expect(posts(site).length).toBeGreaterThanOrEqual(2);
  expect(keys.size).toBe(1);
});

test('a lost answer after filing: the retry is a replay of the same ticket, not a second one', async ({ page, site }) => {
  site.postMode = 'file-then-drop';
  await openHostPage(page, site);
  await launcher(page).click();
  const d = dialog(page);
  await fillRequired(page);
  await d.getByRole('button', { name: 'Send ticket' }).click();
  await expect(d.getByRole('alert')).toHaveText('We couldn’t reach the help desk. Check your connection and try again.');
  site.postMode = 'ok';
  await d.getByRole('button', { name: 'Try again' }).click();
  await expect(d.getByRole('status')).toContainText('Your ticket #100 was filed');
  expect(new Set(posts(site).map((b) => b.get('idempotency_key'))).size).toBe(1);
});

test('a 5xx offers a retry with the same key, and "File another" starts a new key', async ({ page, site }) => {
  site.postMode = 'error';
  await openHostPage(page, site);
  await launcher(page).click();
  const d = dialog(page);
  await fillRequired(page);
  await d.getByRole('button', { name: 'Send ticket' }).click();
  await expect(d.getByRole('button', { name: 'Try again' })).toBeFocused();
  site.postMode = 'ok';
  await d.getByRole('button', { name: 'Try again' }).click();
  await expect(d.getByRole('status')).toContainText('#100');

  await d.getByRole('button', { name: 'File another' }).click();
  // Who is asking is kept; the ticket itself is cleared.
  await expect(d.getByLabel('Subject')).toBeFocused();
  await expect(d.getByLabel('Your Email')).toHaveValue('ann@example.com');
  await expect(d.getByLabel('Description')).toHaveValue('');
  await expect(d.getByRole('alert')).toHaveText('');
  await d.getByLabel('Subject').fill('Second');
  await d.getByLabel('Description').fill('Another problem');
  await d.getByRole('button', { name: 'Send ticket' }).click();
  await expect(d.getByRole('status')).toContainText('#101');

  const keys = posts(site).map((b) => b.get('idempotency_key'));
  expect(keys).toHaveLength(3);
  expect(keys[1]).toBe(keys[0]);
  expect(keys[2]).not.toBe(keys[0]);
});

test('a double click sends one request', async ({ page, site }) => {
  await openHostPage(page, site);
  await launcher(page).click();
  const d = dialog(page);
  await fillRequired(page);
  await d.getByRole('button', { name: 'Send ticket' }).dblclick();
  await expect(d.getByRole('status')).toContainText('#100');
  expect(posts(site)).toHaveLength(1);
});

test('keyboard only: Tab to the launcher, Enter, fill, submit; Tab is trapped; Esc returns focus', async ({ page, site }) => {
  await openHostPage(page, site);
  const isLauncherFocused = () => launcher(page).evaluate((el) => (el.getRootNode() as ShadowRoot).activeElement === el);
  for (let i = 0; i < 5 && !(await isLauncherFocused()); i++) await page.keyboard.press('Tab');
  await expect(launcher(page)).toBeFocused();
  await page.keyboard.press('Enter');

  const d = dialog(page);
  await expect(d.getByLabel('Your Name')).toBeFocused();
  // Shift+Tab from the first field goes back to the close button, then wraps to the last control.
  await page.keyboard.press('Shift+Tab');
  await expect(d.getByRole('button', { name: 'Close' })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(d.getByRole('button', { name: 'Send ticket' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(d.getByRole('button', { name: 'Close' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(d.getByLabel('Your Name')).toBeFocused();

  await page.keyboard.type('Kim Keys');
  await page.keyboard.press('Tab');
  await page.keyboard.type('kim@example.com');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Keyboard only');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Filed without a mouse.');
  // Past the three selects and the Order ID to the button.
  for (let i = 0; i < 5; i++) await page.keyboard.press('Tab');
  await expect(d.getByRole('button', { name: 'Send ticket' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(d.getByRole('status')).toContainText('kim@example.com');

  await page.keyboard.press('Escape');
  await expect(d).toBeHidden();
  await expect(launcher(page)).toBeFocused();
  expect(posts(site)[0]?.get('subject')).toBe('Keyboard only');
});

test('strict CSP: no violations, styles applied, and no page global besides HELPDESK_HOME_URL', async ({ page, site, pageErrors }) => {
  await page.goto(`${site.hostOrigin}/blank`);
  const before = await page.evaluate(() => Object.keys(window));

  await openHostPage(page, site);
  await launcher(page).click();
  await expect(dialog(page)).toBeVisible();
  // Styled although style-src is 'none': the launcher has its dark fill, inputs are 16px.
  await expect(launcher(page)).toHaveCSS('background-color', 'rgb(31, 35, 40)');
  await expect(dialog(page).getByLabel('Subject')).toHaveCSS('font-size', '16px');
  await expect(launcher(page)).toHaveCSS('position', 'static');
  expect(await page.locator('helpdesk-widget').evaluate((el) => getComputedStyle(el).position)).toBe('fixed');

  const added = (await page.evaluate(() => Object.keys(window))).filter((k) => !before.includes(k));
  expect(added).toEqual(['HELPDESK_HOME_URL']);
  expect(pageErrors).toEqual([]);
});

test('hostile host CSS and a max z-index overlay do not break the widget', async ({ page, site, pageErrors }) => {
  await openHostPage(page, site, '/hostile');
  const host = page.locator('helpdesk-widget');
  expect(
    await host.evaluate((el) => {
      const s = getComputedStyle(el);
      return [s.position, s.display, s.fontFamily.includes('Comic'), s.zIndex];
    }),
  ).toEqual(['fixed', 'block', false, '2147483647']);
  // A real click must reach the launcher through the page's own overlay.
  await launcher(page).click();
  const d = dialog(page);
  await expect(d.getByLabel('Your Name')).toBeFocused();
  await expect(d.getByLabel('Subject')).toHaveCSS('font-size', '16px');
  await expect(d.getByLabel('Subject')).toHaveCSS('text-transform', 'none');
  await fillRequired(page);
  await d.getByRole('button', { name: 'Send ticket' }).click();
  await expect(d.getByRole('status')).toContainText('#100');
  expect(pageErrors).toEqual([]);
});

test('a launcher whose script ran while the page was still parsed is not covered by an overlay parsed after it', async ({
  page,
  site,
  pageErrors,
}) => {
  await page.goto(`${site.hostOrigin}/late-overlay`);
  await expect(page.locator('.overlay')).toBeAttached();
  // A real click must reach the launcher: it was added after the whole body, overlay included.
  await launcher(page).click({ timeout: 5_000 });
  await expect(dialog(page).getByLabel('Your Name')).toBeFocused();
  expect(pageErrors).toEqual([]);
});

test('without constructed stylesheets the CSSOM fallback still styles it under strict CSP', async ({ page, site, pageErrors }) => {
  await page.addInitScript(() => {
    delete (ShadowRoot.prototype as { adoptedStyleSheets?: unknown }).adoptedStyleSheets;
  });
  await openHostPage(page, site);
  await expect(launcher(page)).toHaveCSS('background-color', 'rgb(31, 35, 40)');
  await launcher(page).click();
  await expect(dialog(page).getByLabel('Subject')).toHaveCSS('font-size', '16px');
  expect(await page.locator('helpdesk-widget').evaluate((el) => getComputedStyle(el).position)).toBe('fixed');
  expect(pageErrors).toEqual([]);
});
