// A team inbox in Chromium: tick several tickets and assign and tag them in one go, switch
// to the "Mine" view, and see the unread dot go once a ticket is opened; axe on the inbox with the bulk bar
// and on the ticket with its tags.
import { expect, test } from '@playwright/test';
import { AGENT, signInToAdmin, useAdminHelpdesk } from './admin-helpdesk.js';
import { expectAxeCleanLightAndDark } from './axe.js';

const hd = useAdminHelpdesk();

test.use({ bypassCSP: true }); // only so that axe can be injected

test('select many → assign and tag, switch to "Mine", and the unread dot goes once the ticket is opened', async ({ page }) => {
  const word = `quokka${Date.now()}`;
  const ids: number[] = [];
  for (const n of [1, 2, 3]) ids.push(await hd.fileTicket(`team-inbox-${n}-${Date.now()}@client.test`, `Parcel ${word} number ${n}`));
  const [first, second, third] = ids as [number, number, number];

  await signInToAdmin(page, hd.homeUrl, AGENT);
  await page.goto(`${hd.homeUrl}/admin/?search=${word}`);
  const row = (id: number) => page.getByTestId(`ticket-row-${id}`);
  for (const id of ids) await expect(row(id).getByTestId('unread-dot')).toBeVisible();

  await row(first).getByRole('checkbox').check();
  await row(second).getByRole('checkbox').check();
  await expect(page.getByTestId('bulk-bar')).toContainText('2 selected');
  await expectAxeCleanLightAndDark(page, 'inbox with the bulk bar');

  await page.getByLabel('Assign to').selectOption({ label: AGENT.name });
  await expect(page.getByRole('status').filter({ hasText: `Assigned to ${AGENT.name}: 2 tickets changed` })).toBeVisible();
  await expect(row(first)).toContainText(AGENT.name);
  await expect(row(third)).toContainText('Unassigned');

  await page.getByRole('checkbox', { name: 'Select every ticket on this page' }).check();
  await page.getByLabel('Tag to add or remove').fill('Escalated');
  await page.getByRole('button', { name: 'Add tag' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Tag Escalated added: 3 tickets changed' })).toBeVisible();
  for (const id of ids) await expect(row(id).getByTestId('tag-chip')).toHaveText('Escalated');

  await page.getByRole('navigation', { name: 'Views' }).getByRole('link', { name: /Mine/ }).click();
  await expect(page).toHaveURL(/view=mine/);
  await expect(row(third)).toHaveCount(0);
  await expect(row(first)).toBeVisible();
  await expect(page.getByTestId('unread-count')).toContainText('2 unread');

  await row(first)
    .getByRole('link', { name: new RegExp(`Parcel ${word} number 1`) })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(`Parcel ${word} number 1`);
  await expect(page.getByRole('list', { name: 'Tags' }).getByTestId('tag-chip')).toContainText('Escalated');
  await page.getByLabel('Add a tag').fill('Refund');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByRole('list', { name: 'Tags' })).toContainText('Refund');
  await expect(page.getByTestId('thread-event').filter({ hasText: 'added the tag Refund' })).toBeVisible();
  await expectAxeCleanLightAndDark(page, 'ticket with tags');

  await page.goBack();
  await expect(page).toHaveURL(/view=mine/);
  await expect(row(second).getByTestId('unread-dot')).toBeVisible();
  await expect(row(first).getByTestId('unread-dot')).toHaveCount(0);
  await expect(page.getByTestId('unread-count')).toContainText('1 unread');

  // A colleague renames and recolours the tag: the chips and the tag filter follow without a reload.
  const tags = await hd.api<Array<{ id: number; name: string }>>('GET', '/tags/');
  const escalated = tags.find((t) => t.name === 'Escalated');
  await hd.api('PATCH', `/tags/${escalated?.id}`, { name: 'Needs a manager', color: '#7c3aed' });
  await expect(row(second).getByTestId('tag-chip')).toHaveText('Needs a manager', { timeout: 2_000 });
  await expect(row(second).getByTestId('tag-chip')).toHaveCSS('background-color', 'rgb(124, 58, 237)');
  await expect(page.getByLabel('Tag', { exact: true }).getByRole('option', { name: 'Needs a manager' })).toHaveCount(1);
});
