// The inbox's service levels as an agent works them: each row's next due time in words (red when overdue, amber
// within the hour), the Overdue and Due within 1 hour views with their counts, the due sort, and the words ticking
// each minute with no request; axe-clean light and dark, no sideways scroll at 390 px, and in Arabic.
import { expect, type Page, test } from '@playwright/test';
import { AGENT, signInToAdmin, useAdminHelpdesk } from './admin-helpdesk.js';
import { expectAxeCleanLightAndDark } from './axe.js';
import { expectNoHorizontalOverflow, expectRtl } from './rtl-checks.js';
import { shotPath } from './shot-path.js';
import { serviceLevelRecomputesDone } from './sla-recompute.js';

const hd = useAdminHelpdesk();
test.use({ bypassCSP: true }); // only so that axe can be injected
test.describe.configure({ timeout: 90_000 });

const MINUTE = 60_000;
const rowOrder = (page: Page) =>
  page.locator('table.tickets tbody tr').evaluateAll((rows) => rows.map((r) => Number((r as HTMLElement).dataset.ticketId)));

test('an agent sees what is overdue and due soon, opens those views, sorts by due time, and the words tick', async ({ page }, testInfo) => {
  await hd.api('POST', '/sla-policies/', { name: 'Around the clock', targets: [{ urgency: null, first_reply: 60, resolution: 600 }] });
  const word = `due${Date.now()}`;
  const late = await hd.fileTicket(`late-${word}@client.test`, `Printer ${word} late`);
  const soon = await hd.fileTicket(`soon-${word}@client.test`, `Printer ${word} soon`);
  const later = await hd.fileTicket(`later-${word}@client.test`, `Printer ${word} later`);
  // The new policy's recompute job rewrites the due times of running tickets: it ends before they are set.
  await serviceLevelRecomputesDone(hd);
  // The clock cannot be moved in the service: the due times are set where they are kept (due-views.ts reads them).
  const setDue = (id: number, ms: number) =>
    hd.db
      .updateTable('ticket_sla')
      .set({ next_due_at: new Date(Date.now() + ms).toISOString() })
      .where('ticket_id', '=', id)
      .execute();
  await setDue(late, -(2 * 60 + 10) * MINUTE);
  await setDue(soon, 25 * MINUTE - 30_000);
  await setDue(later, 3 * 60 * MINUTE + 30 * MINUTE);

  // The page's clock runs as the real one until the test moves it.
  await page.clock.install();
  await signInToAdmin(page, hd.homeUrl, AGENT);
  await page.goto(`${hd.homeUrl}/admin/`);
  const due = (id: number) => page.getByTestId(`ticket-row-${id}`).getByTestId('due');
  await expect(due(late)).toHaveText('overdue 2 hr');
  await expect(due(late)).toHaveClass(/due-overdue/);
  await expect(due(soon)).toHaveText(/^due in 2[45] min$/);
  await expect(due(soon)).toHaveClass(/due-soon/);
  await expect(due(later)).toHaveText('due in 3 hr');
  await expect(due(soon)).toHaveAttribute('title', /^Next due: /);

  // Two minutes on, the words have moved by the page's minute timer: any request for the list (the live stream may
  // resync after the jump) is held until they have, so no fresh page can have brought them.
  const minutesBefore = Number(/\d+/.exec((await due(soon).textContent()) ?? '')?.[0]);
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(
    (url) => url.pathname === '/api/helpdesk/v1/tickets/',
    async (route) => {
      await held;
      await route.continue();
    },
  );
  await page.clock.fastForward(2 * MINUTE);
  await expect(due(soon)).toHaveText(`due in ${minutesBefore - 2} min`);
  release();
  await page.unrouteAll({ behavior: 'wait' });

  // The views, with their counts (every ticket of the site: these three are the only ones with a due time).
  const views = page.getByRole('navigation', { name: 'Views' });
  await expect(views.getByRole('link', { name: /^Overdue/ })).toHaveText('Overdue 1');
  await expect(views.getByRole('link', { name: /^Due within 1 hour/ })).toHaveText('Due within 1 hour 1');
  await views.getByRole('link', { name: /^Overdue/ }).click();
  await expect.poll(() => rowOrder(page)).toEqual([late]);
  await expect(page).toHaveURL(/view=overdue/);
  await views.getByRole('link', { name: /^Due within 1 hour/ }).click();
  await expect.poll(() => rowOrder(page)).toEqual([soon]);
  await expectAxeCleanLightAndDark(page, 'the Due within 1 hour view');

  // The due sort: the earliest first (this site's only tickets, so no search: a search keeps its own order).
  await page.goto(`${hd.homeUrl}/admin/`);
  await expect.poll(() => rowOrder(page)).toEqual([later, soon, late]);
  await page.getByLabel('Sort by').selectOption({ label: 'Next due time' });
  await expect(page).toHaveURL(/sort=due/);
  await expect.poll(() => rowOrder(page)).toEqual([late, soon, later]);
  await expectAxeCleanLightAndDark(page, 'the inbox with due times');
  await page.screenshot({ path: shotPath(testInfo, 'inbox-due-light.png'), fullPage: true });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: shotPath(testInfo, 'inbox-due-dark.png'), fullPage: true });
  await page.emulateMedia({ colorScheme: null });

  // A phone: the rows with their due times fit.
  await page.setViewportSize({ width: 390, height: 800 });
  await expect(due(late)).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ path: shotPath(testInfo, 'inbox-due-390.png'), fullPage: true });

  // In Arabic, right to left, on the phone.
  await page.goto(`${hd.homeUrl}/admin/?sort=due&lang=ar`);
  await expect(due(late)).toHaveText(/^متأخرة منذ/);
  await expectRtl(page);
  await expectNoHorizontalOverflow(page);
  await expectAxeCleanLightAndDark(page, 'the inbox in Arabic');
  await page.screenshot({ path: shotPath(testInfo, 'inbox-due-ar.png'), fullPage: true });
});
