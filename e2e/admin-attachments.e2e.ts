// The admin app's composer with files in Chromium against the real helpdesk: chips with name, size and
// remove, one multipart request with the reply, the thread's image thumbnail opening the stored file, axe-clean.
import { expect, test } from '@playwright/test';
import { AGENT, signInToAdmin, useAdminHelpdesk } from './admin-helpdesk.js';
import { axeViolations } from './axe.js';

const hd = useAdminHelpdesk();

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

test.use({ bypassCSP: true }); // only so that axe can be injected

test('an agent attaches two files, removes one, replies; the thread links the file, which opens', async ({ page }) => {
  const id = await hd.fileTicket(`files-e2e-${Date.now()}@client.test`, 'Screenshot of the error');
  await signInToAdmin(page, hd.homeUrl, AGENT);
  await page.goto(`${hd.homeUrl}/admin/tickets/${await hd.ticketNumber(id)}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Screenshot of the error');

  await page.locator('#composer-files').setInputFiles([
    { name: 'error.png', mimeType: 'image/png', buffer: PNG },
    { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('wrong file\n') },
  ]);
  const chips = page.getByRole('list', { name: 'Files to send' });
  await expect(chips.getByRole('listitem')).toHaveCount(2);
  await expect(chips).toContainText('error.png');
  await expect(chips).toContainText(`${PNG.length} bytes`);
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Remove notes.txt' }).click();
  await expect(chips.getByRole('listitem')).toHaveCount(1);

  await page.getByLabel('Reply', { exact: true }).fill('Thanks, here is the annotated screenshot.');
  await page.getByRole('button', { name: 'Send reply' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Reply sent.' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Files to send' })).toHaveCount(0);

  // An image shows as its thumbnail (loaded under the admin's CSP), a link that opens the full file.
  const link = page.getByRole('list', { name: 'Conversation' }).getByRole('link', { name: 'error.png' });
  await expect(link).toBeVisible();
  const thumbnail = link.getByRole('img', { name: /^error\.png \(\d+ bytes\), opens full size$/ });
  await expect(thumbnail).toBeVisible();
  await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
  expect(await thumbnail.getAttribute('src')).toMatch(/\/files\/[\w-]+\/thumbnail$/);
  expect(await axeViolations(page)).toEqual([]);
  const href = (await link.getAttribute('href')) as string;
  const file = await page.request.get(href);
  expect(file.status()).toBe(200);
  expect(file.headers()['content-security-policy']).toBe('sandbox');
  expect(Buffer.from(await file.body()).equals(PNG)).toBe(true);
  const ticket = await hd.api<{ comments: Array<{ attachments: Array<{ name: string }> }> }>('GET', `/tickets/${id}`);
  expect(ticket.comments.at(-1)?.attachments.map((a) => a.name)).toEqual(['error.png']);
});
