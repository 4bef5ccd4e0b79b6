// Service-level warnings and breaches in Chromium: a ticket assigned to the signed-in agent comes up to its warning
// time and then its due time (moved there in the database, as the clock would); the worker's sweep sends each once,
// and the agent's bell counts it, lists it in plain words, and the open ticket's activity shows it, without a reload.
import { expect, type Page, test } from '@playwright/test';
import { AGENT, signInToAdmin, useAdminHelpdesk } from './admin-helpdesk.js';
import { expectAxeCleanLightAndDark } from './axe.js';
import { shotPath } from './shot-path.js';
import { serviceLevelRecomputesDone } from './sla-recompute.js';

const hd = useAdminHelpdesk();

test.use({ bypassCSP: true }); // only so that axe can be injected
test.describe.configure({ timeout: 90_000 });

// The sweep runs every 15 s: an event is awaited up to two rounds on a loaded machine, never with a sleep.
const SWEEP = { timeout: 40_000 };

test('the assignee’s bell and the open ticket show the warning, then the breach, each once', async ({ browser }, testInfo) => {
  await hd.api('POST', '/sla-policies/', { name: 'Standard', targets: [{ urgency: null, first_reply: 60, resolution: 480 }] });
  const id = await hd.fileTicket(`sla-${Date.now()}@client.test`, 'Printer on fire');
  const agent = await hd.db.selectFrom('users').select('id').where('email', '=', AGENT.email).executeTakeFirstOrThrow();
  await hd.api('PATCH', `/tickets/${id}`, { assignee: agent.id });

  const page: Page = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await signInToAdmin(page, hd.homeUrl, AGENT);
  // New ticket, and assigned to them: two lines.
  await expect(page.getByTestId('notification-count')).toContainText('2');

  // The new policy's recompute job rewrites the targets' times: it ends before the test sets them.
  await serviceLevelRecomputesDone(hd);
  const target = () => hd.db.updateTable('ticket_sla_targets').where('ticket_id', '=', id).where('metric', '=', 'first_reply');
  await target()
    .set({ warn_at: new Date(Date.now() - 1000).toISOString() })
    .execute();
  await expect(page.getByTestId('notification-count')).toContainText('3', SWEEP);
  await page.getByTestId('notification-bell').click();
  const panel = page.getByRole('region', { name: 'Notifications' });
  await expect(panel.getByRole('link', { name: /Due soon/ })).toBeVisible();
  await expectAxeCleanLightAndDark(page, 'the bell with a warning');
  await page.screenshot({ path: shotPath(testInfo, 'sla-warning-bell-390.png') });
  await panel.getByRole('link', { name: /Due soon/ }).click();
  await expect(page).toHaveURL(`${hd.homeUrl}/admin/tickets/${await hd.ticketNumber(id)}`);
  const thread = page.getByTestId('thread-event');
  await expect(thread.filter({ hasText: 'The first reply is due soon' })).toHaveCount(1);

  // The breach shows in the open ticket by itself (its live event), under the warning.
  await target()
    .set({ due_at: new Date(Date.now() - 1000).toISOString() })
    .execute();
  await expect(thread.filter({ hasText: 'The first reply is overdue' })).toHaveCount(1, SWEEP);
  await expect(thread.filter({ hasText: 'The first reply is due soon' })).toHaveCount(1);
  await page.getByTestId('notification-bell').click();
  await expect(panel.getByRole('link', { name: /Overdue/ })).toBeVisible();
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: shotPath(testInfo, 'sla-breach-bell-390-dark.png') });
  await expectAxeCleanLightAndDark(page, 'the bell with a breach');

  // Each went out once: one line of each kind, and one mail of each to the agent.
  const lines = await hd.db
    .selectFrom('notifications')
    .select('kind')
    .where('ticket_id', '=', id)
    .where('kind', 'in', ['sla_warning', 'sla_breached'])
    .execute();
  expect(lines.map((line) => line.kind).sort()).toEqual(['sla_breached', 'sla_warning']);
  const mails = await hd.smtp.waitFor(
    (all) => all.filter((m) => m.to.includes(AGENT.email) && /Ticket #\d+ is (due in|overdue)/.test(m.text)).length >= 2,
    'the two mails',
  );
  const texts = mails.filter((m) => m.to.includes(AGENT.email) && /Ticket #\d+ is (due in|overdue)/.test(m.text)).map((m) => m.text);
  expect(texts.length).toBe(2);
});
