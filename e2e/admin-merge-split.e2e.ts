// Merging and splitting tickets as an agent does it: two tickets ticked in the inbox → "Merge…" → the dialog with
// each one's message and file counts → the one that stays → the survivor with "Merged from #M", and the merged
// ticket's address leading there; tickets of two clients merged only after a yes; a split by picking a message → "New
// ticket from these" → both linked. Axe-clean light and dark, no sideways scroll at 390 px, and in Arabic; screenshots
// of each.
import { expect, test } from '@playwright/test';
import type { ResponseOf } from '../common/contract/api-types.js';
import { AGENT, signInToAdmin, useAdminHelpdesk } from './admin-helpdesk.js';
import { expectAxeCleanLightAndDark } from './axe.js';
import { expectNoHorizontalOverflow, expectRtl } from './rtl-checks.js';
import { shotPath } from './shot-path.js';

const hd = useAdminHelpdesk();
test.use({ bypassCSP: true }); // only so that axe can be injected
test.describe.configure({ timeout: 90_000 });

type Ticket = ResponseOf<'getTicket'>;
const ticketOf = (id: number) => hd.api<Ticket>('GET', `/tickets/${id}`);

test('two ticked tickets merge from the inbox into the one chosen; the merged one’s address leads there', async ({ page }, testInfo) => {
  const word = `merge${Date.now()}`;
  const email = `merge-${Date.now()}@client.test`;
  const keep = await hd.fileTicket(email, `Printer ${word} jams`);
  const gone = await hd.fileTicket(email, `Printer ${word} again`);
  await hd.api('POST', `/tickets/${gone}/comments`, { text: 'Which model is it?' });
  const [keepNumber, goneNumber] = [await hd.ticketNumber(keep), await hd.ticketNumber(gone)];

  await signInToAdmin(page, hd.homeUrl, AGENT);
  await page.goto(`${hd.homeUrl}/admin/?search=${word}`);
  for (const id of [keep, gone]) await page.getByTestId(`ticket-row-${id}`).getByRole('checkbox').check();
  await page.getByTestId('bulk-merge').click();
  const dialog = page.getByRole('dialog', { name: 'Merge tickets' });
  await expect(dialog).toContainText('2 messages, 0 files');
  await expect(dialog).toContainText('1 message, 0 files');
  await dialog.getByRole('radio', { name: new RegExp(`#${keepNumber}`) }).check();
  await expectAxeCleanLightAndDark(page, 'the merge dialog');
  await page.screenshot({ path: shotPath(testInfo, 'merge-dialog-light.png') });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: shotPath(testInfo, 'merge-dialog-dark.png') });
  await page.emulateMedia({ colorScheme: null });
  await dialog.getByTestId('merge-submit').click();

  await expect(page).toHaveURL(new RegExp(`/admin/tickets/${keepNumber}$`));
  await expect(page.getByTestId('merged-from')).toContainText(`#${goneNumber}`);
  await expect(page.locator('.thread')).toContainText('Which model is it?');
  expect((await ticketOf(gone)).status?.slug).toBe('closed');
  await expectAxeCleanLightAndDark(page, 'the ticket merged into');
  await page.screenshot({ path: shotPath(testInfo, 'merged-ticket.png'), fullPage: true });

  // The merged ticket's address opens the one it went into.
  await page.goto(`${hd.homeUrl}/admin/tickets/${goneNumber}`);
  await expect(page).toHaveURL(new RegExp(`/admin/tickets/${keepNumber}$`));
  await expect(page.getByTestId('merged-from')).toBeVisible();
});

test('messages picked in a ticket move to a new ticket, both linked; on a phone and in Arabic', async ({ page }, testInfo) => {
  const id = await hd.fileTicket(`split-${Date.now()}@client.test`, 'Export and printer');
  await hd.api('POST', `/tickets/${id}/comments`, { text: 'About the export: fixed.' });
  await hd.api('POST', `/tickets/${id}/comments`, { text: 'The printer is another matter.' });
  const number = await hd.ticketNumber(id);

  await signInToAdmin(page, hd.homeUrl, AGENT);
  await page.goto(`${hd.homeUrl}/admin/tickets/${number}`);
  await page.getByTestId('split-open').click();
  const printer = page.locator('.message').filter({ hasText: 'The printer is another matter.' });
  await printer.getByRole('checkbox', { name: 'Move to the new ticket' }).check();
  await page.getByLabel('Subject of the new ticket').fill('Printer');
  await expectAxeCleanLightAndDark(page, 'picking messages to split');
  await page.screenshot({ path: shotPath(testInfo, 'split-picking.png'), fullPage: true });
  await page.getByRole('button', { name: 'New ticket from these (1)' }).click();

  const splitInto = page.getByTestId('split-into');
  await expect(splitInto).toBeVisible();
  const made = Number((await splitInto.getByRole('link').textContent())?.replace('#', ''));
  await expect(page.locator('.thread')).not.toContainText('The printer is another matter.');
  await splitInto.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/admin/tickets/${made}$`));
  await expect(page.getByTestId('split-from')).toContainText(`#${number}`);
  await expect(page.locator('.thread')).toContainText('The printer is another matter.');

  // A phone: the links and the tools fit.
  await page.setViewportSize({ width: 390, height: 800 });
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ path: shotPath(testInfo, 'split-390.png'), fullPage: true });

  // In Arabic, right to left, with the merge dialog open.
  await page.goto(`${hd.homeUrl}/admin/tickets/${made}?lang=ar`);
  await expect(page.getByTestId('split-from')).toContainText('مفصولة من');
  await expectRtl(page);
  await page.getByTestId('merge-open').click();
  await expect(page.getByRole('dialog', { name: 'دمج التذاكر' })).toContainText('رسالة واحدة');
  await expectNoHorizontalOverflow(page);
  await expectAxeCleanLightAndDark(page, 'the merge dialog in Arabic');
  await page.screenshot({ path: shotPath(testInfo, 'merge-dialog-ar.png'), fullPage: true });
});

test('tickets of two clients are merged only after the agent says yes; each message keeps its author', async ({ page }) => {
  const word = `clients${Date.now()}`;
  const keep = await hd.fileTicket(`ann-${Date.now()}@client.test`, `Invoice ${word} wrong`);
  const gone = await hd.fileTicket(`bo-${Date.now()}@client.test`, `Invoice ${word} too`);
  const keepNumber = await hd.ticketNumber(keep);

  await signInToAdmin(page, hd.homeUrl, AGENT);
  await page.goto(`${hd.homeUrl}/admin/?search=${word}`);
  for (const id of [keep, gone]) await page.getByTestId(`ticket-row-${id}`).getByRole('checkbox').check();
  await page.getByTestId('bulk-merge').click();
  const dialog = page.getByRole('dialog', { name: 'Merge tickets' });
  await dialog.getByRole('radio', { name: new RegExp(`#${keepNumber}`) }).check();
  const submit = dialog.getByTestId('merge-submit');
  await expect(submit).toBeDisabled();
  await dialog.getByRole('checkbox', { name: /different clients/ }).check();
  await expectAxeCleanLightAndDark(page, 'the merge dialog asking about two clients');
  await submit.click();
  await expect(page).toHaveURL(new RegExp(`/admin/tickets/${keepNumber}$`));
  const authors = (await ticketOf(keep)).comments.map((c) => c.author);
  expect(authors).toHaveLength(1);
  expect(authors[0]).not.toBe('');
});
