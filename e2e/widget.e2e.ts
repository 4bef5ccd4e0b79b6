import { axeViolations } from './axe.js';
import {
  dialog,
  expect,
  filedTicketId,
  filedTicketNumber,
  fillRequired,
  launcher,
  newEmail,
  openHostPage,
  sendButton,
  test,
} from './fixtures.js';

const UNREACHABLE = 'We couldn’t reach the help desk. Check your connection and try again.';
const CLOSED =
  'This help desk only accepts tickets from people who already have an account. ' +
  'Please use the email address of your existing account, or contact the site owner.';

test('a foreign site with hostile CSS files a ticket; the helpdesk stores it with the account, terms and order', async ({
  page,
  helpdesk,
  pageErrors,
}) => {
  const script = page.waitForResponse(`${helpdesk.homeUrl}/helpdesk/tickets/embed/`);
  await openHostPage(page, helpdesk, '/hostile');
  const scriptResponse = await script;
  expect(scriptResponse.status()).toBe(200);
  expect(await scriptResponse.allHeaders()).toMatchObject({
    'content-type': 'application/javascript; charset=utf-8',
    'content-encoding': 'br',
    'cross-origin-resource-policy': 'cross-origin',
  });
  expect(await page.evaluate(() => (window as unknown as { HELPDESK_HOME_URL: string }).HELPDESK_HOME_URL)).toBe(helpdesk.homeUrl);

  // A real click has to get through the host page's max z-index overlay.
  await launcher(page).click();
  const d = dialog(page);
  await d.getByLabel('Product').selectOption({ label: 'Mobile app' });
  await d.getByLabel('Reason').selectOption({ label: 'Billing' });
  await d.getByLabel('Urgency').selectOption({ label: 'High' });
  const email = newEmail();
  await fillRequired(page, email);
  await d.getByLabel('Order ID').fill('A-1001');
  await sendButton(page).click();

  const id = await filedTicketId(page);
  const number = await filedTicketNumber(page);
  await expect(d.getByRole('status')).toHaveText(
    `Thanks! Your ticket #${number} was filed. A confirmation email is on its way to ${email}.`,
  );
  expect(await helpdesk.ticketsOf(email)).toEqual([
    {
      id,
      title: 'Cannot check out',
      content: 'The pay button does nothing.\nLine two & more = "quoted".',
      email,
      name: 'Ann Example',
      product: 'Mobile app',
      terms: { ticket_reason: 'billing', ticket_urgency: 'high', ticket_status: expect.any(String) },
      meta: { order: 'A-1001' },
    },
  ]);
  expect(pageErrors).toEqual([]);
});

test('account creation off: an unknown email is refused in plain words and nothing is stored', async ({ page, helpdesk, pageErrors }) => {
  await helpdesk.setCreateAccounts(false);
  await openHostPage(page, helpdesk);
  await launcher(page).click();
  const d = dialog(page);
  const email = newEmail('stranger');
  await fillRequired(page, email);
  const before = await helpdesk.countRows();
  await sendButton(page).click();

  await expect(d.getByRole('alert')).toHaveText(CLOSED);
  expect(await helpdesk.countRows()).toEqual(before);
  expect(await helpdesk.ticketsOf(email)).toEqual([]);
  // What was typed is kept, so the client can switch to the email of an existing account.
  await expect(d.getByLabel('Subject')).toHaveValue('Cannot check out');
  await d.getByLabel('Your Email').fill('admin@help.test');
  await sendButton(page).click();
  const id = await filedTicketId(page);
  expect((await helpdesk.ticketsOf('admin@help.test')).map((t) => t.id)).toEqual([id]);
  // Chromium logs the refused request itself; nothing else went wrong (no CSP violation, no exception).
  expect(pageErrors).toEqual(['Failed to load resource: the server responded with a status of 403 (Forbidden)']);
});

test('privacy option on, account creation off: an unknown email is thanked as received (202), and only its access mail is queued', async ({
  page,
  helpdesk,
  pageErrors,
}) => {
  await helpdesk.setCreateAccounts(false);
  await helpdesk.setHideAccounts(true);
  await openHostPage(page, helpdesk);
  await launcher(page).click();
  const d = dialog(page);
  const email = newEmail('stranger');
  await fillRequired(page, email);
  const before = await helpdesk.countRows();
  const answer = page.waitForResponse((r) => r.request().method() === 'POST' && r.url() === `${helpdesk.homeUrl}/api/helpdesk/v1/tickets/`);
  await sendButton(page).click();
  expect((await answer).status()).toBe(202);
  await expect(d.getByRole('status')).toHaveText(`Thanks! Your request was received. An email about it is on its way to ${email}.`);
  expect(await helpdesk.ticketsOf(email)).toEqual([]);
  expect(await helpdesk.countRows()).toEqual({ ...before, jobs: (before.jobs ?? 0) + 1 });
  expect(pageErrors).toEqual([]);
});

test('offline, then "Try again" once back online: exactly one ticket', async ({ page, context, helpdesk }) => {
  await openHostPage(page, helpdesk);
  await launcher(page).click();
  const d = dialog(page);
  await expect(d.getByLabel('Urgency')).toBeVisible();
  const email = newEmail();
  await fillRequired(page, email);

  await context.setOffline(true);
  await sendButton(page).click();
  await expect(d.getByRole('alert')).toHaveText(UNREACHABLE);
  await expect(d.getByLabel('Description')).toHaveValue('The pay button does nothing.\nLine two & more = "quoted".');
  expect(await helpdesk.ticketsOf(email)).toEqual([]);

  await context.setOffline(false);
  await d.getByRole('button', { name: 'Try again' }).click();
  const id = await filedTicketId(page);
  expect((await helpdesk.ticketsOf(email)).map((t) => t.id)).toEqual([id]);
});

test('the answer is lost after the ticket was filed: "Try again" replays it instead of filing a second one', async ({ page, helpdesk }) => {
  let firstAnswer: { status: number; body: { id: number } } | undefined;
  // The first POST reaches the real helpdesk, which files the ticket; the browser then sees the connection drop.
  await page.route(`${helpdesk.homeUrl}/api/helpdesk/v1/tickets/`, async (route) => {
    if (route.request().method() !== 'POST' || firstAnswer) return route.fallback();
    const response = await route.fetch();
    firstAnswer = { status: response.status(), body: await response.json() };
    await route.abort('connectionreset');
  });
  await openHostPage(page, helpdesk);
  await launcher(page).click();
  const d = dialog(page);
  const email = newEmail();
  await fillRequired(page, email);
  await sendButton(page).click();
  await expect(d.getByRole('alert')).toHaveText(UNREACHABLE);
  expect(firstAnswer?.status).toBe(201);
  expect(await helpdesk.ticketsOf(email)).toHaveLength(1);

  const retried = page.waitForResponse(
    (r) => r.request().method() === 'POST' && r.url() === `${helpdesk.homeUrl}/api/helpdesk/v1/tickets/`,
  );
  await d.getByRole('button', { name: 'Try again' }).click();
  // Same idempotency key, same ticket: 200 with the first ticket's id.
  expect((await retried).status()).toBe(200);
  expect(await filedTicketId(page)).toBe(firstAnswer?.body.id);
  expect((await helpdesk.ticketsOf(email)).map((t) => t.id)).toEqual([firstAnswer?.body.id]);
});

test('keyboard only: Tab to the launcher, fill and choose, send, Esc returns focus', async ({ page, helpdesk }) => {
  await openHostPage(page, helpdesk);
  const isLauncherFocused = () => launcher(page).evaluate((el) => (el.getRootNode() as ShadowRoot).activeElement === el);
  for (let i = 0; i < 10 && !(await isLauncherFocused()); i++) await page.keyboard.press('Tab');
  await expect(launcher(page)).toBeFocused();
  await page.keyboard.press('Enter');

  const d = dialog(page);
  await expect(d.getByLabel('Your Name')).toBeFocused();
  await expect(d.getByLabel('Urgency')).toBeVisible();
  const email = newEmail('keys');
  for (const text of ['Kim Keys', email, 'Keyboard only', 'Filed without a mouse.']) {
    await page.keyboard.type(text);
    await page.keyboard.press('Tab');
  }
  // Choice lists by typing the start of an option, as on any native select.
  await expect(d.getByLabel('Product')).toBeFocused();
  await page.keyboard.type('Mob');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Bil');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Urg');
  await page.keyboard.press('Tab');
  await expect(d.getByLabel('Order ID')).toBeFocused();
  await page.keyboard.type('K-7');
  await page.keyboard.press('Tab');
  // The file picker is on the way, last before sending.
  await expect(d.getByRole('button', { name: 'Attach files' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(sendButton(page)).toBeFocused();
  await page.keyboard.press('Enter');

  const id = await filedTicketId(page);
  await expect(d.getByRole('status')).toContainText(email);
  await page.keyboard.press('Escape');
  await expect(d).toBeHidden();
  await expect(launcher(page)).toBeFocused();
  expect(await helpdesk.ticketsOf(email)).toMatchObject([
    {
      id,
      name: 'Kim Keys',
      title: 'Keyboard only',
      product: 'Mobile app',
      terms: { ticket_reason: 'billing', ticket_urgency: 'urgent' },
      meta: { order: 'K-7' },
    },
  ]);
});

test('a home URL with a path prefix works end to end', async ({ page, prefixedHelpdesk, pageErrors }) => {
  expect(prefixedHelpdesk.homeUrl).toMatch(/\/help$/);
  await openHostPage(page, prefixedHelpdesk);
  expect(await page.evaluate(() => (window as unknown as { HELPDESK_HOME_URL: string }).HELPDESK_HOME_URL)).toBe(prefixedHelpdesk.homeUrl);
  await launcher(page).click();
  const d = dialog(page);
  await d.getByLabel('Urgency').selectOption({ label: 'Low' });
  const email = newEmail('prefix');
  await fillRequired(page, email);
  await sendButton(page).click();
  const id = await filedTicketId(page);
  expect(await prefixedHelpdesk.ticketsOf(email)).toMatchObject([{ id, terms: { ticket_urgency: 'low' } }]);
  expect(pageErrors).toEqual([]);
});

test.describe('axe-core (CSP bypassed only so that axe itself can be injected)', () => {
  test.use({ bypassCSP: true });

  test('no violations on the open form, the error states and the success state', async ({ page, helpdesk }) => {
    await openHostPage(page, helpdesk);
    await launcher(page).click();
    const d = dialog(page);
    await expect(d.getByLabel('Urgency')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    // Browser checks: messages at the fields.
    await sendButton(page).click();
    await expect(d.getByLabel('Your Name')).toHaveAttribute('aria-invalid', 'true');
    expect(await axeViolations(page)).toEqual([]);

    // The helpdesk's refusal: a form-level alert.
    await helpdesk.setCreateAccounts(false);
    await fillRequired(page, newEmail('axe'));
    await sendButton(page).click();
    await expect(d.getByRole('alert')).toHaveText(CLOSED);
    expect(await axeViolations(page)).toEqual([]);

    await helpdesk.setCreateAccounts(true);
    await sendButton(page).click();
    await filedTicketId(page);
    expect(await axeViolations(page)).toEqual([]);
  });
});
