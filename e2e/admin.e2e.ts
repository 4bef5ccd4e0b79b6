// The admin app in Chromium against the real helpdesk: sign-in, inbox, thread, reply and internal
// note (never on the client's page or in the client's mail), the schema-driven settings screen with a
// tab added by a filter, the classic settings screen without JavaScript, and axe on every screen.
import { expect, type Page, test } from '@playwright/test';
import { encryptSecret } from '../server/secrets/secret-box.js';
import { DEFAULT_TICKET_FORM_FIELDS } from '../server/settings/default-schema.js';
import { type FakeAiBackend, startFakeAiBackend } from '../server/test/fake-ai-backend.js';
import { ADMIN, type AdminHelpdesk, AGENT, openAdminScreen, signInToAdmin, startAdminHelpdesk } from './admin-helpdesk.js';
import { expectNoAxeViolations } from './axe.js';

let hd: AdminHelpdesk;
let ai: FakeAiBackend;
test.beforeAll(async () => {
  ai = await startFakeAiBackend();
  hd = await startAdminHelpdesk({ cloudSite: ai.url });
});
test.afterAll(async () => {
  await hd?.close();
  await ai?.close();
});

let counter = 0;
const newEmail = () => `admin-e2e${++counter}-${Date.now()}@client.test`;
const screenshotDir = process.env.ADMIN_SCREENSHOTS;

async function signIn(page: Page, who: { email: string; password: string; name: string }) {
  await signInToAdmin(page, hd.homeUrl, who);
}

async function expectAxeCleanAndShoot(page: Page, what: string) {
  await expectNoAxeViolations(page, what);
  if (screenshotDir) await page.screenshot({ path: `${screenshotDir}/${what}.png`, fullPage: true });
}

test.describe('with the page CSP in force', () => {
  test('the app loads under the strict CSP with no errors, and a wrong password is refused', async ({ page }) => {
    const problems: string[] = [];
    page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
    page.on('pageerror', (e) => problems.push(e.message));
    // A deep link: the server answers index.html and the app routes in the browser.
    const res = await page.goto(`${hd.homeUrl}/admin/settings/login`);
    expect(res?.headers()['content-security-policy']).toContain("script-src 'self'");
    await page.getByLabel('Email').fill(AGENT.email);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toContainText('wrong');
    await page.getByLabel('Password').fill(AGENT.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(problems.filter((p) => !p.includes('401'))).toEqual([]);
  });

  test('"Suggest a reply" fills the composer with a draft from the AI backend and sends nothing', async ({ page }) => {
    await hd.api('PATCH', '/settings', { ai: { api_key: 'sk-e2e' } });
    await hd.api('POST', '/docs/', { title: 'Fixing a stuck printer queue', slug: 'printer-queue', content: 'Restart the spooler.' });
    ai.answer = (body) =>
      body.messages[0]?.content.includes('/docs/printer-queue/') ? 'Restart the spooler, see [1](/docs/printer-queue/).' : 'no docs';
    const id = await hd.fileTicket(newEmail(), 'Printer queue stuck');
    await signIn(page, AGENT);
    await page.goto(`${hd.homeUrl}/admin/tickets/${await hd.ticketNumber(id)}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Printer queue stuck');
    await page.getByRole('button', { name: 'Suggest a reply' }).click();
    await expect(page.getByLabel('Reply', { exact: true })).toHaveValue('Restart the spooler, see [1](/docs/printer-queue/).');
    await expect(page.getByRole('status').filter({ hasText: 'Suggested reply inserted' })).toBeVisible();
    await expect(page.getByLabel('Reply', { exact: true })).toBeFocused();
    // Nothing was sent: the thread has no reply.
    const ticket = await hd.api<{ comments: unknown[] }>('GET', `/tickets/${id}`);
    expect(ticket.comments).toEqual([]);
  });
});

test.describe('screens', () => {
  test.use({ bypassCSP: true }); // only so that axe can be injected

  test('an agent finds the ticket in the inbox, replies, and the ticket moves to In Progress', async ({ page }) => {
    const email = newEmail();
    const id = await hd.fileTicket(email, 'Checkout button greyed out', { order_id: 'ORD-7731' });
    await signIn(page, AGENT);

    await expect(page.getByRole('heading', { name: 'Inbox' })).toBeVisible();
    await page.getByLabel('Search tickets').fill('greyed');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByRole('link', { name: 'Checkout button greyed out' })).toBeVisible();
    await expect(page.locator('tbody tr')).toHaveCount(1);
    // The searched word is marked where it matched: in the subject and in the description's snippet.
    await expect(page.getByRole('link', { name: 'Checkout button greyed out' }).locator('mark')).toHaveText('greyed');
    await expect(page.getByTestId('snippet').locator('mark')).toHaveText('greyed');
    await expectAxeCleanAndShoot(page, 'inbox');
    // The order ID is found too (full-text).
    await page.getByLabel('Search tickets').fill('ORD-7731');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.locator('tbody tr')).toHaveCount(1);
    await expect(page.getByRole('link', { name: 'Checkout button greyed out' })).toBeVisible();

    // The address names the ticket by its number (a product was made first, so the id differs).
    const number = await hd.ticketNumber(id);
    expect(number).not.toBe(id);
    await page.getByRole('link', { name: 'Checkout button greyed out' }).click();
    await expect(page).toHaveURL(`${hd.homeUrl}/admin/tickets/${number}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Checkout button greyed out');
    await expect(page.getByRole('heading', { level: 1 })).toContainText(`#${number}`);
    await expect(page.getByTestId('ticket-status')).toHaveText('Open');
    await expect(page.getByText('ORD-7731')).toBeVisible();
    await expectAxeCleanAndShoot(page, 'ticket');

    await page
      .getByLabel('Reply', { exact: true })
      .fill('Clear your **cart** and try again, please. <img src=x onerror=alert(1)> [x](javascript:alert(1))');
    await page.getByRole('button', { name: 'Send reply' }).click();
    await expect(page.getByTestId('ticket-status')).toHaveText('In Progress');
    const thread = page.getByRole('list', { name: 'Conversation' });
    await expect(thread).toContainText('Clear your cart and try again');
    // Agents write Markdown; raw HTML stays text and script links never become links.
    await expect(thread.locator('.markdown strong')).toHaveText('cart');
    await expect(thread.locator('img')).toHaveCount(0);
    await expect(thread.getByRole('link')).toHaveCount(0);
    const [row] = await hd
      .api<{ tickets: Array<{ id: number; status: { slug: string } }> }>('GET', `/tickets/?search=%23${number}`)
      .then((r) => r.tickets);
    expect(row?.status.slug).toBe('in-progress');

    // Status and assignee by hand.
    await page.getByLabel('Assignee').selectOption({ label: AGENT.name });
    await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Resolved' });
    await expect(page.getByTestId('ticket-status')).toHaveText('Resolved');
    await page.locator('.crumbs').getByRole('link', { name: 'Inbox' }).click();
    await page.getByLabel('Assignee').selectOption({ label: 'Me' });
    await page.getByRole('link', { name: /^Resolved/ }).click();
    await expect(page.getByRole('link', { name: 'Checkout button greyed out' })).toBeVisible();
  });

  test('the ticket names each form field by the label the owner gave it, not by its key', async ({ page }) => {
    const renamed = [
      ...DEFAULT_TICKET_FORM_FIELDS.map((f) => (f.key === 'order_id' ? { ...f, label: 'Invoice number' } : f)),
      { key: 'site_url', label: 'Your website', type: 'text', required: false },
    ];
    await hd.api('PATCH', '/settings', { tickets: { form_fields: renamed } });
    try {
      const id = await hd.fileTicket(newEmail(), 'Labels of the form', { order_id: 'INV-5521', custom_site_url: 'https://labels.example' });
      await signIn(page, AGENT);
      await page.goto(`${hd.homeUrl}/admin/tickets/${await hd.ticketNumber(id)}`);
      const term = (value: string) => page.locator('dl.meta > div').filter({ hasText: value }).locator('dt');
      await expect(term('INV-5521')).toHaveText('Invoice number');
      await expect(term('https://labels.example')).toHaveText('Your website');
    } finally {
      await hd.api('PATCH', '/settings', { tickets: { form_fields: DEFAULT_TICKET_FORM_FIELDS } });
    }
  });

  test('an internal note never reaches the client’s page or mail', async ({ page, browser }) => {
    const email = newEmail();
    const id = await hd.fileTicket(email, 'Invoice shows wrong VAT');
    await signIn(page, AGENT);
    await page.goto(`${hd.homeUrl}/admin/tickets/${await hd.ticketNumber(id)}`);
    await page.getByLabel('Internal note', { exact: true }).check();
    await page.locator('#composer-text').fill('NOTE-9f3: customer is on the legacy plan, do not refund');
    await page.getByRole('button', { name: 'Add note' }).click();
    await expect(page.locator('.message.internal')).toContainText('NOTE-9f3');
    await page.getByLabel('Reply to client').check();
    await page.locator('#composer-text').fill('We corrected the VAT on your invoice.');
    await page.getByRole('button', { name: 'Send reply' }).click();
    await expect(page.getByRole('list', { name: 'Conversation' })).toContainText('We corrected the VAT');

    // The client's mail: the reply arrives, the note never does.
    await hd.smtp.waitFor((m) => m.some((x) => x.to.includes(email) && x.text.includes('We corrected the VAT')), 'the reply mail');
    const toClient = hd.smtp.messages.filter((m) => m.to.includes(email));
    expect(toClient.some((m) => m.raw.includes('NOTE-9f3'))).toBe(false);

    // The client's page on the help site.
    const context = await browser.newContext();
    await context.addCookies([{ name: 'hd_session', value: await hd.clientSession(email), url: `${hd.homeUrl}/` }]);
    const client = await context.newPage();
    await client.goto(`${hd.homeUrl}/tickets/?ticket=${await hd.ticketNumber(id)}`);
    await expect(client.getByText('We corrected the VAT on your invoice.')).toBeVisible();
    expect(await client.content()).not.toContain('NOTE-9f3');
    // Nor through the API with the client's session.
    const res = await client.request.get(`${hd.homeUrl}/api/helpdesk/v1/tickets/${id}`);
    expect(res.status()).toBe(200);
    expect(await res.text()).not.toContain('NOTE-9f3');
    await context.close();
  });

  test('the settings screen names stored secrets the encryption seed can no longer read', async ({ page }) => {
    const option = await hd.db.selectFrom('options').select('value').where('name', '=', 'helpdesk_settings').executeTakeFirst();
    const stored = option ? JSON.parse(option.value) : {};
    // A key encrypted under another seed, as after a lost seed file.
    const unreadable = { ...stored, ai: { ...stored.ai, api_key: encryptSecret('another-seed-0123456789', 'ai.api_key', 'sk-old') } };
    const write = (value: unknown) =>
      hd.db
        .insertInto('options')
        .values({ name: 'helpdesk_settings', value: JSON.stringify(value) })
        .onConflict((oc) => oc.column('name').doUpdateSet({ value: JSON.stringify(value) }))
        .execute();
    await write(unreadable);
    try {
      await signIn(page, ADMIN);
      await openAdminScreen(page, 'Settings');
      await expect(page.getByRole('alert')).toContainText('AI → API key');
      await expect(page.getByRole('alert')).toContainText('Enter them again');
    } finally {
      await write(stored);
    }
  });

  test('the settings screen shows and saves a field added by helpdesk_settings_menus', async ({ page }) => {
    await signIn(page, ADMIN);
    await openAdminScreen(page, 'Settings');
    await expect(page.getByRole('checkbox', { name: 'Change ticket status' })).toBeChecked();
    await expectAxeCleanAndShoot(page, 'settings');
    await page.getByRole('link', { name: 'Acme' }).click();
    await expect(page.getByRole('heading', { name: 'Branding' })).toBeVisible();
    const greeting = page.getByLabel('Greeting line');
    await expect(greeting).toHaveValue('Hello from Acme');
    await greeting.fill('Howdy from Acme');
    await page.getByRole('button', { name: 'Save acme settings' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Settings saved.' })).toBeVisible();
    expect((await hd.api<Record<string, Record<string, unknown>>>('GET', '/settings')).acme?.greeting).toBe('Howdy from Acme');
    await page.reload();
    await expect(page.getByLabel('Greeting line')).toHaveValue('Howdy from Acme');
    await expectAxeCleanAndShoot(page, 'settings-acme');

    // A bad value is refused and named next to its field.
    await page.getByRole('link', { name: 'Login' }).click();
    await page.getByLabel('Ticket links expire after (days)').fill('500');
    await page.getByRole('button', { name: 'Save login settings' }).click();
    await expect(page.getByText('must be at most 90')).toBeVisible();
  });

  test('agents see no settings; the editors for statuses and agents work', async ({ page }) => {
    await signIn(page, AGENT);
    await expect(page.getByRole('link', { name: 'Settings' })).toHaveCount(0);
    await openAdminScreen(page, 'Reasons');
    await page.getByLabel('New reason').fill('Shipping');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.getByLabel('Name of Shipping')).toBeVisible();
    await expectAxeCleanAndShoot(page, 'reasons');

    await page.getByRole('button', { name: 'Sign out' }).click();
    await signIn(page, ADMIN);
    await openAdminScreen(page, 'Statuses');
    await page.getByLabel('New status').fill('On hold');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByLabel('Name of On hold').fill('Paused');
    await page.getByRole('button', { name: 'Rename On hold' }).click();
    await expect(page.getByLabel('Name of Paused')).toBeVisible();
    await page.getByRole('button', { name: 'Up Paused' }).click();
    await expect(page.locator('.term-row').nth(-2)).toContainText('on-hold');

    await openAdminScreen(page, 'Agents');
    await page.getByLabel('Name').fill('Robin Agent');
    await page.getByLabel('Email').fill(`robin-${Date.now()}@staff.test`);
    await page.getByLabel('Password').fill('robin password 1');
    await page.getByRole('button', { name: 'Add agent' }).click();
    await expect(page.getByRole('cell', { name: 'Robin Agent', exact: true })).toBeVisible();
    await expectAxeCleanAndShoot(page, 'agents');
  });
});

test('the classic settings screen works without JavaScript and saves the same values', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, bypassCSP: false });
  const page = await context.newPage();
  await page.goto(`${hd.homeUrl}/admin/settings/classic/`);
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('link', { name: 'Acme' }).click();
  await page.getByLabel('Greeting line').fill('Hi from the classic screen');
  await page.getByRole('button', { name: 'Save acme settings' }).click();
  await expect(page.getByRole('status')).toHaveText('Settings saved.');
  await expect(page.getByLabel('Greeting line')).toHaveValue('Hi from the classic screen');
  expect((await hd.api<Record<string, Record<string, unknown>>>('GET', '/settings')).acme?.greeting).toBe('Hi from the classic screen');

  await page.getByRole('link', { name: 'Tickets' }).click();
  await page.getByLabel('Change ticket status').uncheck();
  await page.getByRole('button', { name: 'Save tickets settings' }).click();
  await expect(page.getByRole('status')).toHaveText('Settings saved.');
  expect((await hd.api<Record<string, Record<string, unknown>>>('GET', '/settings')).tickets?.change_status).toBe(false);
  await page.getByLabel('Change ticket status').check();
  await page.getByRole('button', { name: 'Save tickets settings' }).click();
  await expect(page.getByRole('status')).toHaveText('Settings saved.');

  // axe needs script: the same session in a context that runs it.
  const axeContext = await browser.newContext({ bypassCSP: true, storageState: await context.storageState() });
  const axePage = await axeContext.newPage();
  await axePage.goto(`${hd.homeUrl}/admin/settings/classic/?tab=tickets`);
  await expect(axePage.getByLabel('Change ticket status')).toBeChecked();
  await expectAxeCleanAndShoot(axePage, 'classic-settings');
  await axeContext.close();
  await context.close();
});
