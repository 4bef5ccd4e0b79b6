// The inbox keeps its place while tickets are ticked: a bulk change leaves the same tickets ticked in the same
// rows (those it took out of the view dimmed, with a note), a second change acts on them, and a ticket filed
// meanwhile waits behind "1 new — show". A search shows where its words are in a message; a, s and c change
// the ticked tickets or the open one, and never fire while typing.
import { expect, type Page, test } from '@playwright/test';
import type { ResponseOf } from '../common/contract/api-types.js';
import { AGENT, signInToAdmin, useAdminHelpdesk } from './admin-helpdesk.js';
import { expectAxeCleanLightAndDark } from './axe.js';

const hd = useAdminHelpdesk();

test.use({ bypassCSP: true }); // only so that axe can be injected
// axe runs twice (light and dark) in each case: on two shared cores that alone took over 20 s once.
test.describe.configure({ timeout: 60_000 });

type Ticket = ResponseOf<'getTicket'>;
const ticketOf = (id: number) => hd.api<Ticket>('GET', `/tickets/${id}`);
const rowOrder = (page: Page) =>
  page.locator('table.tickets tbody tr').evaluateAll((rows) => rows.map((r) => Number((r as HTMLElement).dataset.ticketId)));

test('ticked tickets keep their rows and their ticks through two bulk changes, and a new ticket waits', async ({ page }) => {
  const word = `crate${Date.now()}`;
  const ids: number[] = [];
  for (const n of [1, 2, 3, 4, 5]) ids.push(await hd.fileTicket(`place-${n}-${Date.now()}@client.test`, `Crate ${word} number ${n}`));
  const [t1, t2, t3, t4, t5] = ids as [number, number, number, number, number];
  const onScreen = [t5, t4, t3, t2, t1];

  await signInToAdmin(page, hd.homeUrl, AGENT);
  await page.goto(`${hd.homeUrl}/admin/?status=open&search=${word}`);
  const row = (id: number) => page.getByTestId(`ticket-row-${id}`);
  await expect.poll(() => rowOrder(page)).toEqual(onScreen);
  for (const id of [t1, t3, t5]) await row(id).getByRole('checkbox').check();

  await page.getByLabel('Set status').selectOption({ label: 'Resolved' });
  await expect(page.getByRole('status').filter({ hasText: 'Status set to Resolved: 3 tickets changed' })).toBeVisible();
  // The list has been fetched again (the resolved ones are out of the Open tab), and nothing moved.
  for (const id of [t1, t3, t5]) {
    await expect(row(id).getByTestId('gone-note')).toHaveText('Resolved — no longer in this view');
    await expect(row(id).getByRole('checkbox')).toBeChecked();
  }
  await expect(page.getByTestId('bulk-bar')).toContainText('3 selected');
  expect(await rowOrder(page)).toEqual(onScreen);
  for (const id of [t2, t4]) await expect(row(id).getByRole('checkbox')).not.toBeChecked();
  await expectAxeCleanLightAndDark(page, 'the kept list with dimmed rows');

  await page.getByLabel('Assign to').selectOption({ label: AGENT.name });
  await expect(page.getByRole('status').filter({ hasText: `Assigned to ${AGENT.name}: 3 tickets changed` })).toBeVisible();
  for (const id of [t1, t3, t5]) expect(await ticketOf(id)).toMatchObject({ status: { slug: 'resolved' }, assignee: { name: AGENT.name } });
  for (const id of [t2, t4]) expect(await ticketOf(id)).toMatchObject({ status: { slug: 'open' }, assignee: null });
  await expect(row(t1).getByTestId('gone-note')).toHaveText('Resolved — no longer in this view');

  // A ticket filed now arrives by the live stream: counted, not put above the rows being worked on.
  const fresh = await hd.fileTicket(`place-new-${Date.now()}@client.test`, `Crate ${word} number 6`);
  const show = page.getByRole('button', { name: '1 new — show' });
  await expect(show).toBeVisible();
  await expect(row(fresh)).toHaveCount(0);
  expect(await rowOrder(page)).toEqual(onScreen);

  await show.click();
  await expect.poll(() => rowOrder(page)).toEqual([fresh, t4, t2]);
  await expect(page.getByTestId('bulk-bar')).toHaveCount(0);
});

test('a search shows the words it found in a message, marked, and the message’s markup as text', async ({ page }) => {
  const word = `wombat${Date.now()}`;
  const id = await hd.fileTicket(`snippet-${Date.now()}@client.test`, 'Lost order');
  await hd.api('POST', `/tickets/${id}/comments`, { text: `<img src=x onerror="document.title='pwned'"> the <b>${word}</b> chewed it` });

  await signInToAdmin(page, hd.homeUrl, AGENT);
  await page.goto(`${hd.homeUrl}/admin/?search=${word}`);
  const snippet = page.getByTestId(`ticket-row-${id}`).getByTestId('snippet');
  await expect(snippet.locator('mark')).toHaveText(word);
  await expect(snippet).toContainText(`<img src=x onerror="document.title='pwned'"> the <b>${word}</b> chewed it`);
  await expect(snippet.locator('img, b')).toHaveCount(0);
  await expectAxeCleanLightAndDark(page, 'a search with snippets');
});

test('a, s and c change the ticked tickets in the inbox and the open ticket, and do nothing while typing', async ({ page }) => {
  const word = `shortcut${Date.now()}`;
  const inInbox = await hd.fileTicket(`keys-1-${Date.now()}@client.test`, `Keys ${word} one`);
  const opened = await hd.fileTicket(`keys-2-${Date.now()}@client.test`, `Keys ${word} two`);
  const focused = await hd.fileTicket(`keys-3-${Date.now()}@client.test`, `Keys ${word} three`);
  await signInToAdmin(page, hd.homeUrl, AGENT);
  await page.goto(`${hd.homeUrl}/admin/?search=${word}`);
  const status = page.getByRole('status').filter({ hasText: 'changed' });

  // Typed into the search box, the keys are text.
  await page.getByLabel('Search tickets').fill('');
  await page.getByLabel('Search tickets').pressSequentially('asc');
  await expect(page.getByLabel('Search tickets')).toHaveValue('asc');
  await expect(page.getByRole('dialog', { name: 'Set status' })).toHaveCount(0);
  await page.getByLabel('Search tickets').fill(word);

  await page.getByTestId(`ticket-row-${inInbox}`).getByRole('checkbox').check();
  await page.keyboard.press('a');
  await expect(status).toHaveText(`Assigned to ${AGENT.name}: 1 ticket changed.`);
  expect(await ticketOf(inInbox)).toMatchObject({ assignee: { name: AGENT.name } });
  await pickStatus(page, 'Waiting');
  await expect(status).toHaveText('Status set to Waiting: 1 ticket changed.');
  expect(await ticketOf(inInbox)).toMatchObject({ status: { slug: 'waiting' } });
  await page.keyboard.press('c');
  await expect(status).toHaveText('Status set to Closed: 1 ticket changed.');
  expect(await ticketOf(inInbox)).toMatchObject({ status: { slug: 'closed' } });
  expect(await ticketOf(opened)).toMatchObject({ status: { slug: 'open' }, assignee: null });

  // Nothing ticked: the ticket j and k moved to.
  await page.getByRole('button', { name: 'Clear selection' }).click();
  await page
    .getByTestId(`ticket-row-${focused}`)
    .getByRole('link', { name: `Keys ${word} three` })
    .focus();
  await page.keyboard.press('a');
  await expect(status).toHaveText(`Assigned to ${AGENT.name}: 1 ticket changed.`);
  expect(await ticketOf(focused)).toMatchObject({ assignee: { name: AGENT.name } });
  expect(await ticketOf(opened)).toMatchObject({ assignee: null });

  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  for (const key of ['a', 's', 'c']) await expect(help.getByRole('row', { name: new RegExp(`^${key} `) })).toHaveCount(1);
  await help.getByRole('button', { name: 'Close' }).click();

  await page
    .getByTestId(`ticket-row-${opened}`)
    .getByRole('link', { name: `Keys ${word} two` })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(`Keys ${word} two`);
  // In the composer the keys are the reply's letters.
  await page.keyboard.press('r');
  await page.keyboard.type('a s c');
  await expect(page.locator('#composer-text')).toHaveValue('a s c');
  await expect(page.getByRole('dialog', { name: 'Set status' })).toHaveCount(0);
  expect(await ticketOf(opened)).toMatchObject({ status: { slug: 'open' }, assignee: null });

  await page.getByRole('heading', { level: 1 }).click();
  await page.keyboard.press('a');
  await expect(page.locator('#ticket-assignee')).toHaveValue(/\d+/);
  expect(await ticketOf(opened)).toMatchObject({ assignee: { name: AGENT.name } });
  await pickStatus(page, 'Resolved', true);
  await expect(page.getByTestId('ticket-status')).toHaveText('Resolved');
  await page.keyboard.press('c');
  await expect(page.getByTestId('ticket-status')).toHaveText('Closed');
  expect(await ticketOf(opened)).toMatchObject({ status: { slug: 'closed' }, assignee: { name: AGENT.name } });
});

/** s, then the number the menu shows beside the status. */
async function pickStatus(page: Page, name: string, checkAxe = false) {
  await page.keyboard.press('s');
  const menu = page.getByRole('dialog', { name: 'Set status' });
  if (checkAxe) await expectAxeCleanLightAndDark(page, 'the status menu');
  const key = await menu
    .getByRole('button', { name: new RegExp(`^\\d ${name}$`) })
    .locator('kbd')
    .textContent();
  await page.keyboard.press(key ?? '');
  await expect(menu).toHaveCount(0);
}
