// Fair assignment as the team uses it: an agent goes Away and back with the top bar's switch, and the tickets filed
// meanwhile and after go to them; an admin sets an agent's limit on the Agents screen. Axe-clean light and dark, no
// sideways overflow at 390 px, and the switch in Arabic, right to left.

import { expect, type Page, test } from '@playwright/test';
import { ADMIN, AGENT, openAdminScreen, signInToAdmin, useAdminHelpdesk } from './admin-helpdesk.js';
import { expectAxeCleanLightAndDark } from './axe.js';
import { expectNoHorizontalOverflow, expectRtl } from './rtl-checks.js';
import { shotPath } from './shot-path.js';

const hd = useAdminHelpdesk();
test.beforeAll(async () => {
  // Round robin among the available staff; the admin is away, so every ticket is the agent's once they are back.
  await hd.api('PATCH', '/settings', { tickets: { assignment_mode: 'round_robin' } });
  await hd.api('PUT', '/users/me/assignment', { available: false });
});
test.use({ bypassCSP: true }); // only so that axe can be injected

async function assigneeOf(id: number): Promise<number | null> {
  const row = await hd.db.selectFrom('posts').select('assignee_id').where('id', '=', id).executeTakeFirstOrThrow();
  return row.assignee_id;
}

async function agentId(): Promise<number> {
  return (await hd.db.selectFrom('users').select('id').where('email', '=', AGENT.email).executeTakeFirstOrThrow()).id;
}

const availability = (page: Page) => page.locator('.account').getByRole('switch');

test('an agent away gets no ticket; back, the waiting ticket and the next new one are assigned to them', async ({ page }, testInfo) => {
  await signInToAdmin(page, hd.homeUrl, AGENT);
  const toggle = availability(page);
  await expect(toggle).toHaveText('Available');
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await toggle.click();
  await expect(toggle).toHaveText('Away');
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await expectAxeCleanLightAndDark(page, 'the inbox with the switch at Away');

  // Nobody is available: the ticket waits, unassigned.
  const waiting = await hd.fileTicket('casey-waits@client.test', 'Printer offline');
  await expect.poll(async () => (await hd.db.selectFrom('assignment_queue').select('ticket_id').execute()).length).toBe(1);
  expect(await assigneeOf(waiting)).toBeNull();

  await toggle.click();
  await expect(toggle).toHaveText('Available');
  const me = await agentId();
  await expect.poll(() => assigneeOf(waiting), { timeout: 15_000 }).toBe(me);
  const fresh = await hd.fileTicket('casey-new@client.test', 'Scanner jams');
  await expect.poll(() => assigneeOf(fresh), { timeout: 15_000 }).toBe(me);

  // The ticket's activity says who gave it to them.
  await page.goto(`${hd.homeUrl}/admin/tickets/${await hd.ticketNumber(fresh)}`);
  await expect(page.getByText(`Assigned by fair assignment to ${AGENT.name}`)).toBeVisible();

  // A phone: the top bar with the switch still fits.
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto(`${hd.homeUrl}/admin/`);
  await expect(availability(page)).toHaveText('Available');
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ path: shotPath(testInfo, 'fair-assignment-phone.png') });
});

test('the switch reads right to left in Arabic, on a phone, light and dark', async ({ page }, testInfo) => {
  await signInToAdmin(page, hd.homeUrl, AGENT);
  await page.evaluate(async () => {
    const csrf = (await (await fetch('../api/helpdesk/v1/me')).json()) as { csrf_token: string };
    await fetch('../api/helpdesk/v1/users/me', {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', 'x-csrf-token': csrf.csrf_token },
      body: JSON.stringify({ language: 'ar' }),
    });
  });
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto(`${hd.homeUrl}/admin/`);
  await expect(availability(page)).toHaveText('متاح');
  await expectRtl(page);
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ path: shotPath(testInfo, 'fair-assignment-arabic.png') });
  await expectAxeCleanLightAndDark(page, 'the inbox in Arabic with the switch');
});

test('an admin sets an agent’s own limit and working hours on the Agents screen', async ({ page }, testInfo) => {
  await signInToAdmin(page, hd.homeUrl, ADMIN);
  await openAdminScreen(page, 'Agents');
  const card = page.getByRole('region', { name: 'Fair assignment' });
  await expect(card).toBeVisible();
  const limit = card.getByLabel(`Open ticket limit of ${AGENT.name}`);
  await limit.fill('25');
  await limit.blur();
  await expect(card.locator('.assignment-saved')).toHaveText(`Saved for ${AGENT.name}.`);
  await card.getByLabel(`Working hours of ${AGENT.name}`).selectOption({ index: 1 });
  const id = await agentId();
  await expect
    .poll(async () => {
      const rows = await hd.api<Array<{ user_id: number; open_ticket_limit: number | null; schedule_id: number | null }>>(
        'GET',
        '/users/assignment/',
      );
      const row = rows.find((one) => one.user_id === id);
      return row && { limit: row.open_ticket_limit, hasHours: row.schedule_id !== null };
    })
    .toEqual({ limit: 25, hasHours: true });
  await expectAxeCleanLightAndDark(page, 'the Agents screen with fair assignment');
  await page.setViewportSize({ width: 390, height: 800 });
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ path: shotPath(testInfo, 'fair-assignment-agents-phone.png'), fullPage: true });
});

test('an admin sets the mode under Settings → Tickets and a product’s own in its editor', async ({ page }) => {
  await signInToAdmin(page, hd.homeUrl, ADMIN);
  await openAdminScreen(page, 'Settings');
  await page.getByRole('link', { name: 'Tickets', exact: true }).click();
  await page.getByLabel('Assign new tickets').selectOption('fewest_open');
  await page.getByLabel('Open tickets per agent').fill('30');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect
    .poll(async () => (await hd.api<{ tickets: Record<string, unknown> }>('GET', '/settings')).tickets)
    .toMatchObject({ assignment_mode: 'fewest_open', open_ticket_limit: 30 });

  await openAdminScreen(page, 'Products');
  await page.getByRole('button', { name: 'Edit Storefront' }).click();
  await page.getByLabel('Fair assignment for this product').selectOption('off');
  await expectAxeCleanLightAndDark(page, 'the product editor with its fair-assignment mode');
  await page.getByRole('button', { name: 'Save' }).click();
  const [product] = await hd.api<Array<{ id: number }>>('GET', '/posts/?type=product');
  await expect.poll(async () => (await hd.api<{ mode: string | null }>('GET', `/products/${product?.id}/assignment`)).mode).toBe('off');
});
