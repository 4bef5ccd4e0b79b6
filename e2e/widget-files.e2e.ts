// Files from the widget in Chromium: the widget on a foreign page under the strict CSP loads
// its attachment code when the form opens, sends a picked file and a pasted screenshot in one request,
// shows a disguised executable's refusal on its chip, and the files reach the admin thread, the client's
// page and the confirmation mail.
import { expect, type Page, test } from '@playwright/test';
import { windowsExecutable } from '../server/test/multipart.js';
import { solidPng as png } from '../server/test/png.js';
import { AGENT, signInToAdmin, useAdminHelpdesk } from './admin-helpdesk.js';
import { axeViolations } from './axe.js';
import { dialog, fillRequired, launcher, newEmail, sendButton } from './fixtures.js';
import { collectPageErrors } from './page-errors.js';
import { startHostSite } from './real-helpdesk.js';

const hd = useAdminHelpdesk();
let host: Awaited<ReturnType<typeof startHostSite>>;
test.beforeAll(async () => {
  host = await startHostSite(hd.homeUrl);
});
test.afterAll(async () => {
  await host?.close();
});

const PICKED = png(3, 2, [200, 30, 30]);
const PASTED = png(4, 4, [20, 90, 220]);

/** Pastes an image into the description as the clipboard of a screenshot tool does (a file named image.png, no text). */
async function pasteScreenshot(page: Page, bytes: Buffer): Promise<void> {
  await dialog(page)
    .getByLabel('Description')
    .evaluate((textarea, data) => {
      const clipboard = new DataTransfer();
      clipboard.items.add(new File([new Uint8Array(data)], 'image.png', { type: 'image/png' }));
      textarea.dispatchEvent(new ClipboardEvent('paste', { clipboardData: clipboard, bubbles: true, cancelable: true, composed: true }));
    }, Array.from(bytes));
}

const ticketsPost = (url: string) => url === `${hd.homeUrl}/api/helpdesk/v1/tickets/`;

test('strict CSP: a picked PNG and a pasted screenshot are filed in one request; a disguised executable is refused on its chip', async ({
  page,
  browser,
}) => {
  // One journey through four screens (the widget, the admin thread, the client's page, the mail): about 25 s on
  // two busy cores, too close to the 30 s default.
  test.setTimeout(60_000);
  const errors = await collectPageErrors(page);
  await page.goto(`${host.origin}/strict`);
  await expect(launcher(page)).toBeVisible();
  const globals = await page.evaluate(() => Object.keys(window));
  const code = page.waitForResponse(`${hd.homeUrl}/helpdesk/tickets/embed/files/`);
  await launcher(page).click();
  const codeResponse = await code;
  expect(codeResponse.status()).toBe(200);
  expect(codeResponse.headers()['cross-origin-resource-policy']).toBe('cross-origin');
  const d = dialog(page);
  const email = newEmail('files');
  await fillRequired(page, email);

  // The picker: a button that opens the browser's file chooser.
  const chooser = page.waitForEvent('filechooser');
  await d.getByRole('button', { name: 'Attach files' }).click();
  await (await chooser).setFiles([
    { name: 'error.png', mimeType: 'image/png', buffer: PICKED },
    { name: 'cat.png', mimeType: 'image/png', buffer: windowsExecutable() },
  ]);
  await pasteScreenshot(page, PASTED);
  const chips = d.getByRole('list', { name: 'Files to send' });
  await expect(chips.getByRole('listitem')).toHaveCount(3);
  await expect(chips).toContainText('screenshot-1.png');
  await expect(chips).toContainText(`${PICKED.length} bytes`);
  // The attachment code (and the suggestion code the typing brought, which may still be on its way) left no script
  // element behind, added no global, and is styled under style-src 'none'.
  await expect(page.locator('head script')).toHaveCount(1);
  expect((await page.evaluate(() => Object.keys(window))).filter((k) => !globals.includes(k))).toEqual([]);
  await expect(chips.getByRole('listitem').first()).toHaveCSS('border-top-style', 'solid');
  // The pasted image became a file, not text in the description.
  await expect(d.getByLabel('Description')).toHaveValue('The pay button does nothing.\nLine two & more = "quoted".');

  // A .png name with a program's bytes: refused by content, named on its own chip; nothing filed.
  const refused = page.waitForResponse((r) => r.request().method() === 'POST' && ticketsPost(r.url()));
  await sendButton(page).click();
  expect((await refused).status()).toBe(415);
  const catChip = chips.getByRole('listitem').filter({ hasText: 'cat.png' });
  await expect(catChip).toContainText('“cat.png” is a kind of file that cannot be attached here.');
  await expect(d.getByRole('alert')).toContainText('cat.png');
  await expect(chips.getByRole('listitem').filter({ hasText: 'error.png' })).not.toContainText('cannot');
  const accounts = await hd.db.selectFrom('users').select('id').where('email', '=', email).execute();
  expect(accounts).toEqual([]);
  expect(await hd.db.selectFrom('attachments').select('id').where('name', '=', 'cat.png').execute()).toEqual([]);

  // Without it, the two images go in one multipart request, with upload progress.
  await d.getByRole('button', { name: 'Remove cat.png' }).click();
  await expect(chips.getByRole('listitem')).toHaveCount(2);
  const filed = page.waitForResponse((r) => r.request().method() === 'POST' && ticketsPost(r.url()));
  await sendButton(page).click();
  const answer = await filed;
  expect(answer.status()).toBe(201);
  expect(answer.request().headers()['content-type']).toMatch(/^multipart\/form-data; boundary=/);
  const { id } = (await answer.json()) as { id: number };
  await expect(d.getByRole('status')).toContainText('was filed');
  const stored = await hd.db.selectFrom('attachments').select(['name', 'type']).where('ticket_id', '=', id).orderBy('id').execute();
  expect(stored).toEqual([
    { name: 'error.png', type: 'image/png' },
    { name: 'screenshot-1.png', type: 'image/png' },
  ]);

  // The admin thread: both files, each opening with its own bytes.
  await signInToAdmin(page, hd.homeUrl, AGENT);
  await page.goto(`${hd.homeUrl}/admin/tickets/${await hd.ticketNumber(id)}`);
  const thread = page.getByRole('list', { name: 'Conversation' });
  for (const [name, bytes] of [
    ['error.png', PICKED],
    ['screenshot-1.png', PASTED],
  ] as const) {
    const href = (await thread.getByRole('link', { name }).getAttribute('href')) as string;
    const file = await page.request.get(href);
    expect(file.status(), name).toBe(200);
    expect(Buffer.from(await file.body()).equals(bytes), name).toBe(true);
  }

  // The client's page on the help site: the same two files, opening for the client.
  const context = await browser.newContext();
  await context.addCookies([{ name: 'hd_session', value: await hd.clientSession(email), url: `${hd.homeUrl}/` }]);
  const client = await context.newPage();
  await client.goto(`${hd.homeUrl}/tickets/?ticket=${await hd.ticketNumber(id)}`);
  const listed = client.getByRole('list', { name: 'Attached files' });
  for (const [name, bytes] of [
    ['error.png', PICKED],
    ['screenshot-1.png', PASTED],
  ] as const) {
    const href = (await listed.getByRole('link', { name }).getAttribute('href')) as string;
    const file = await client.request.get(new URL(href, hd.homeUrl).href);
    expect(file.status(), name).toBe(200);
    expect(Buffer.from(await file.body()).equals(bytes), name).toBe(true);
  }
  await context.close();

  // The confirmation mail names both files with their sizes (the dots are look-alikes: never a link).
  const isConfirmation = (x: { to: string[]; text: string }) => x.to.includes(email) && x.text.includes('Attached files:');
  await hd.smtp.waitFor((m) => m.some(isConfirmation), 'the confirmation');
  const confirmation = hd.smtp.messages.find(isConfirmation);
  expect(confirmation?.text.replace(/\r\n/g, '\n')).toContain(
    `- error\u2024png (${PICKED.length} bytes)\n- screenshot-1\u2024png (${PASTED.length} bytes)`,
  );

  // The refused request is the only error the page saw: no CSP violation, no exception.
  expect(errors.filter((e) => !/status of 415/.test(e))).toEqual([]);
});

test('a send with files faster than the minimum fill time is stopped before uploading, in plain words', async ({ page }) => {
  // Autofill and a paste can beat any minimum a person would notice; here one no person can meet.
  await hd.api('PATCH', '/settings', { tickets: { min_fill_seconds: 120 } });
  try {
    await page.goto(`${host.origin}/strict`);
    await launcher(page).click();
    const d = dialog(page);
    await expect(d.getByRole('button', { name: 'Attach files' })).toBeVisible();
    await fillRequired(page, newEmail('files-fast'));
    await pasteScreenshot(page, PASTED);
    await expect(d.getByRole('list', { name: 'Files to send' }).getByRole('listitem')).toHaveCount(1);
    let posted = false;
    page.on('request', (r) => {
      if (r.method() === 'POST' && ticketsPost(r.url())) posted = true;
    });
    await sendButton(page).click();
    // The server would refuse it only after the whole upload: the widget says so first, and nothing leaves.
    await expect(d.getByRole('alert')).toHaveText('Please take a moment to check your message, then send it again.');
    await expect(sendButton(page)).toBeEnabled();
    expect(posted).toBe(false);
  } finally {
    await hd.api('PATCH', '/settings', { tickets: { min_fill_seconds: 0 } });
  }
});

test('in German: a refused file is named on its chip and in the alert in the help desk’s German sentence', async ({ browser }) => {
  // The browser's language picks German texts; the upload asks for the refusal in it (Accept-Language).
  const context = await browser.newContext({ locale: 'de-DE' });
  const page = await context.newPage();
  await page.goto(`${host.origin}/strict`);
  await page.getByRole('button', { name: 'Brauchen Sie Hilfe?' }).click();
  const d = page.getByRole('dialog', { name: 'Support kontaktieren' });
  await d.getByLabel('Ihr Name', { exact: true }).fill('Anna Beispiel');
  await d.getByLabel('Ihre E-Mail-Adresse', { exact: true }).fill(newEmail('files-de'));
  await d.getByLabel('Betreff', { exact: true }).fill('Bezahlen geht nicht');
  await d.getByLabel('Beschreibung', { exact: true }).fill('Der Knopf reagiert nicht.');
  await d.locator('input[type=file]').setInputFiles([{ name: 'katze.png', mimeType: 'image/png', buffer: windowsExecutable() }]);
  const refused = page.waitForResponse((r) => r.request().method() === 'POST' && ticketsPost(r.url()));
  await d.getByRole('button', { name: 'Anfrage senden' }).click();
  expect((await refused).status()).toBe(415);
  const sentence = '„katze.png“ ist eine Dateiart, die hier nicht angehängt werden kann.';
  await expect(d.getByRole('list', { name: 'Zu sendende Dateien' }).getByRole('listitem')).toContainText(sentence);
  await expect(d.getByRole('alert')).toContainText(sentence);
  await context.close();
});

test.describe('axe-core (CSP bypassed only so that axe itself can be injected)', () => {
  test.use({ bypassCSP: true });

  test('the file area is labelled and keyboard reachable; a refused file is named before sending; drop and upload progress', async ({
    page,
  }) => {
    await page.goto(`${host.origin}/strict`);
    await launcher(page).click();
    const d = dialog(page);
    const pick = d.getByRole('button', { name: 'Attach files' });
    await expect(pick).toBeVisible();
    await expect(pick).toHaveAccessibleDescription(/up to 10 MB each, at most 5/);
    expect(await axeViolations(page)).toEqual([]);

    await fillRequired(page, newEmail('files-axe'));
    await d.locator('input[type=file]').setInputFiles([
      { name: 'empty.txt', mimeType: 'text/plain', buffer: Buffer.alloc(0) },
      { name: 'error.png', mimeType: 'image/png', buffer: PICKED },
    ]);
    const chips = d.getByRole('list', { name: 'Files to send' });
    await expect(chips.getByRole('listitem').filter({ hasText: 'empty.txt' })).toContainText('“empty.txt” is empty (0 bytes).');
    expect(await axeViolations(page)).toEqual([]);

    // Sending is held back: the refused file's remove button gets the focus, and no request leaves.
    let posted = false;
    page.on('request', (r) => {
      if (r.method() === 'POST' && ticketsPost(r.url())) posted = true;
    });
    await sendButton(page).click();
    await expect(d.getByRole('button', { name: 'Remove empty.txt' })).toBeFocused();
    await expect(d.getByRole('alert')).toHaveText('Please remove or replace the files marked below.');
    expect(posted).toBe(false);
    await page.keyboard.press('Enter');
    await expect(chips.getByRole('listitem')).toHaveCount(1);
    expect(await axeViolations(page)).toEqual([]);

    // A file dropped on the dialog joins the list (dropped anywhere else in it, the browser would open it).
    await d.evaluate((el) => {
      const data = new DataTransfer();
      data.items.add(new File(['x'.repeat(400_000)], 'server.log', { type: 'text/plain' }));
      el.dispatchEvent(new DragEvent('dragover', { dataTransfer: data, bubbles: true, cancelable: true }));
      el.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
    });
    await expect(chips.getByRole('listitem')).toHaveCount(2);
    await expect(chips).toContainText('server.log');

    // On a slow line the upload shows its progress, then the ticket is filed.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 150_000 });
    await sendButton(page).click();
    const bar = d.getByRole('progressbar', { name: 'Uploading files' });
    await expect(bar).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await expect(d.getByRole('status')).toContainText('was filed', { timeout: 15_000 });
    await expect(bar).toBeHidden();
  });
});
