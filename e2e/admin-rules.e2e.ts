// The Rules screen as an admin uses it: a rule added with a condition and an action, acting on the next ticket filed,
// previewed, switched off; axe-clean (light and dark), no sideways overflow at 390 px, and in Arabic.

import { expect, test } from '@playwright/test';
import { ADMIN, openAdminScreen, signInToAdmin, useAdminHelpdesk } from './admin-helpdesk.js';
import { expectNoAxeViolations } from './axe.js';
import { expectNoHorizontalOverflow, expectRtl } from './rtl-checks.js';
import { shotPath } from './shot-path.js';

const hd = useAdminHelpdesk();
test.use({ bypassCSP: true }); // only so that axe can be injected

test('an admin adds a rule that tags refund tickets, sees it act and preview, turns it off; on a phone, in the dark and in Arabic', async ({
  page,
}, testInfo) => {
  await signInToAdmin(page, hd.homeUrl, ADMIN);
  await openAdminScreen(page, 'Rules');
  await expect(page).toHaveTitle(/Rules/);
  await page.getByRole('button', { name: 'Add rule' }).click();
  await page.getByLabel('Name', { exact: true }).fill('Refunds to billing');
  await page.getByLabel('When', { exact: true }).selectOption('ticket.created');
  // "No condition: every ticket." says what an empty list means, and goes once there is one.
  const noCondition = page.getByText('No condition: every ticket.');
  await expect(noCondition).toBeVisible();
  await page.getByRole('button', { name: 'Add condition' }).click();
  await expect(noCondition).toBeHidden();
  const condition = page.getByRole('group', { name: 'Condition 1' });
  await condition.getByLabel('Field', { exact: true }).selectOption('subject');
  await condition.getByLabel('Test', { exact: true }).selectOption('contains');
  await condition.getByLabel('Values, separated by commas').fill('refund, money back');
  const action = page.getByRole('group', { name: 'Action 1' });
  await action.getByLabel('Action', { exact: true }).selectOption('add_tags');
  await action.getByLabel('Tags, separated by commas').fill('billing');
  await expectNoAxeViolations(page, 'the rule editor');
  await page.screenshot({ path: shotPath(testInfo, 'rule-editor-light.png'), fullPage: true });
  await page.getByRole('button', { name: 'Save rule' }).click();
  await expect(page.getByRole('cell', { name: 'Refunds to billing', exact: true })).toBeVisible();
  const [rule] = await hd.api<Array<{ id: number; conditions: unknown; actions: unknown }>>('GET', '/rules/');
  expect(rule).toMatchObject({
    conditions: [{ field: 'subject', op: 'contains', values: ['refund', 'money back'] }],
    actions: [{ type: 'add_tags', tags: ['billing'] }],
  });

  // The next refund ticket is tagged by the rule, and its activity names the rule.
  const ticket = await hd.api<{ id: number }>('POST', '/tickets/', {
    name: 'Ann',
    email: 'ann-refund@client.test',
    subject: 'Refund for order 12',
    description: 'Please refund me.',
  });
  const tagsOf = async () => (await hd.api<{ tags: Array<{ name: string }> }>('GET', `/tickets/${ticket.id}`)).tags.map((t) => t.name);
  await expect.poll(tagsOf).toEqual(['billing']);
  const events = (await hd.api<{ events: Array<{ kind: string; to: string | null }> }>('GET', `/tickets/${ticket.id}`)).events;
  expect(events.filter((e) => e.kind === 'rule').map((e) => e.to)).toEqual(['Refunds to billing']);

  await page.getByRole('button', { name: 'Preview Refunds to billing' }).click();
  await expect(page.getByText('Would act on 1 ticket now.')).toBeVisible();
  // The switch follows the saved rule, so it turns once the server has answered: clicked, then waited on.
  await page.getByRole('switch', { name: 'On Refunds to billing' }).click();
  await expect(page.getByRole('switch', { name: 'On Refunds to billing' })).not.toBeChecked();
  await expect.poll(async () => (await hd.api<Array<{ enabled: boolean }>>('GET', '/rules/'))[0]?.enabled).toBe(false);
  await expectNoAxeViolations(page, 'the rules list with a preview');

  // A phone: the list and the editor fit; and in the dark.
  await page.setViewportSize({ width: 390, height: 800 });
  await page.getByRole('button', { name: 'Edit Refunds to billing' }).click();
  await expect(page.getByRole('group', { name: 'Condition 1' })).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectNoAxeViolations(page, 'the rule editor, dark, on a phone');
  await page.screenshot({ path: shotPath(testInfo, 'rule-editor-dark-phone.png'), fullPage: true });

  // In Arabic (the admin's own language), right to left.
  await page.emulateMedia({ colorScheme: 'light' });
  await hd.api('PATCH', '/users/me', { language: 'ar' });
  await page.goto(`${hd.homeUrl}/admin/rules`);
  await expect(page.getByRole('heading', { level: 1, name: 'القواعد' })).toBeVisible();
  await expectRtl(page);
  await page.getByRole('button', { name: 'تعديل Refunds to billing' }).click();
  await expect(page.getByRole('group', { name: 'الشرط 1' })).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await expectNoAxeViolations(page, 'the rule editor in Arabic');
  await page.screenshot({ path: shotPath(testInfo, 'rule-editor-arabic.png'), fullPage: true });
  await hd.api('PATCH', '/users/me', { language: 'en' });
});
