// Files in the help site's forms (content/theme/form-files.js) and in the admin composer, in Chromium against
// the real helpdesk: chips with name, size and remove, plain-words errors before sending, a progress bar on a
// throttled upload, a file the server refuses named on its chip, the message filed with its files, axe-clean.
import { expect, type Page, test } from '@playwright/test';
import { windowsExecutable } from '../server/test/multipart.js';
import { AGENT, signInToAdmin, useAdminHelpdesk } from './admin-helpdesk.js';
import { axeViolations } from './axe.js';

const hd = useAdminHelpdesk();
test.beforeAll(async () => {
  // 1 MB per file, so an oversize file stays small enough to make quickly.
  await hd.api('PATCH', '/settings', { tickets: { attachment_max_file_mb: 1 } });
});

test.use({ bypassCSP: true }); // only so that axe can be injected

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
// Large enough that a 150 KB/s upload takes a few seconds: the progress bar has time to show.
const LOG = Buffer.from('line of a log\n'.repeat(30_000));

/** Slows this page's uploads, as a phone on a poor line would send. */
async function throttleUploads(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 150_000 });
}

test('help site: the new-ticket form checks files before sending, shows the upload, files the ticket; names a refused reply file', async ({
  page,
  context,
}) => {
  const email = `form-files-${Date.now()}@client.test`;
  const first = await hd.fileTicket(email, 'First question');
  await context.addCookies([{ name: 'hd_session', value: await hd.clientSession(email), url: `${hd.homeUrl}/` }]);
  await page.goto(`${hd.homeUrl}/tickets/new/`);
  await page.getByLabel('Subject').fill('Checkout button does nothing');
  await page.getByLabel('Description').fill('See the screenshot and the log.');
  const picker = page.getByLabel('Attach files (optional)');
  await expect(page.locator('#new-ticket-files-hint')).toContainText('up to 1 MB each, at most 5 files.');
  await picker.setInputFiles([
    { name: 'screen.png', mimeType: 'image/png', buffer: PNG },
    { name: 'empty.txt', mimeType: 'text/plain', buffer: Buffer.alloc(0) },
    { name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(1_100_000, 1) },
  ]);
  const chips = page.getByRole('list', { name: 'Files to send' });
  await expect(chips.getByRole('listitem')).toHaveCount(3);
  await expect(chips.getByRole('listitem').first()).toContainText(`screen.png ${PNG.length} bytes`);
  await expect(chips).toContainText('“empty.txt” is empty (0 bytes). Remove it and choose the file again.');
  await expect(chips).toContainText('“huge.png” is larger than 1 MB, the most one file may be. Remove it or choose a smaller file.');
  expect(await axeViolations(page)).toEqual([]);

  // Sending is stopped before any request: the first marked file's remove button takes the focus.
  let posted = false;
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/account/new-ticket/')) posted = true;
  });
  await page.getByRole('button', { name: 'File the ticket' }).click();
  await expect(page.getByRole('button', { name: 'Remove empty.txt' })).toBeFocused();
  await expect(page.getByRole('alert')).toHaveText('Please remove or replace the files marked below.');
  expect(posted).toBe(false);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Remove huge.png' })).toBeFocused();
  await page.keyboard.press('Enter');
  await picker.setInputFiles([{ name: 'server.log', mimeType: 'text/plain', buffer: LOG }]);
  await expect(chips.getByRole('listitem')).toHaveCount(2);
  await expect(page.getByRole('alert')).toHaveText('');

  await throttleUploads(page);
  await page.getByRole('button', { name: 'File the ticket' }).click();
  const bar = page.getByRole('progressbar', { name: 'Uploading files' });
  await expect(bar).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  // The server's redirect is followed as the plain form's would be: the new ticket's thread with its files.
  await expect(page.getByText('Your ticket was filed. We will answer soon.')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Checkout button does nothing' })).toBeVisible();
  const listed = page.getByRole('list', { name: 'Attached files' });
  await expect(listed.getByRole('link', { name: /screen\.png/ })).toBeVisible();
  await expect(listed.getByRole('link', { name: 'server.log' })).toBeVisible();

  // The reply box: a file the server refuses by its content is named on its chip; the typed reply stays.
  await page.goto(`${hd.homeUrl}/tickets/?ticket=${await hd.ticketNumber(first)}`);
  await page.getByLabel('Your reply').fill('Here is the installer.');
  await page.getByLabel('Attach files (optional)').setInputFiles([
    { name: 'fine.png', mimeType: 'image/png', buffer: PNG },
    { name: 'setup.png', mimeType: 'image/png', buffer: windowsExecutable() },
  ]);
  await page.getByRole('button', { name: 'Send reply' }).click();
  await expect(page.getByRole('button', { name: 'Remove setup.png' })).toBeFocused();
  await expect(page.getByRole('list', { name: 'Files to send' }).getByRole('listitem').nth(1)).toContainText('setup.png');
  await expect(page.getByRole('list', { name: 'Files to send' }).getByRole('listitem').nth(1).locator('.chip-error')).not.toBeEmpty();
  await expect(page.getByLabel('Your reply')).toHaveValue('Here is the installer.');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Send reply' }).click();
  await expect(page.getByText('Your reply was sent.')).toBeVisible();
  const stored = await hd.db.selectFrom('attachments').select('name').where('ticket_id', '=', first).execute();
  expect(stored.map((s) => s.name)).toEqual(['fine.png']);
});

test('admin composer: a refused file is named on its chip; a throttled upload shows its progress, then the reply is sent', async ({
  page,
}) => {
  const id = await hd.fileTicket(`composer-files-${Date.now()}@client.test`, 'Invoice missing');
  await signInToAdmin(page, hd.homeUrl, AGENT);
  await page.goto(`${hd.homeUrl}/admin/tickets/${await hd.ticketNumber(id)}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Invoice missing');

  await page.locator('#composer-files').setInputFiles([
    { name: 'invoice.log', mimeType: 'text/plain', buffer: LOG },
    { name: 'setup.png', mimeType: 'image/png', buffer: windowsExecutable() },
  ]);
  await page.getByLabel('Reply', { exact: true }).fill('The invoice is attached.');
  await page.getByRole('button', { name: 'Send reply' }).click();
  const chips = page.getByRole('list', { name: 'Files to send' });
  const refused = chips.getByRole('listitem').filter({ hasText: 'setup.png' });
  await expect(refused.locator('.chip-error')).toContainText('setup.png');
  await expect(page.getByRole('alert')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Remove setup.png' }).click();

  await throttleUploads(page);
  await page.getByRole('button', { name: 'Send reply' }).click();
  const bar = page.getByRole('progressbar', { name: 'Uploading files' });
  await expect(bar).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await expect(page.getByRole('status').filter({ hasText: 'Reply sent.' })).toBeVisible({ timeout: 20_000 });
  await expect(bar).toBeHidden();
  const ticket = await hd.api<{ comments: Array<{ attachments: Array<{ name: string }> }> }>('GET', `/tickets/${id}`);
  expect(ticket.comments.at(-1)?.attachments.map((a) => a.name)).toEqual(['invoice.log']);
});
