// Reports in the admin app: an admin files tickets, the overview and the Volume page count them, each chart has
// its definition and a table of the same numbers, its CSV says the same; axe-clean light and dark, at 390 px and
// in Arabic (right to left).
import { expect, type Page, test } from '@playwright/test';
import { ADMIN, signInToAdmin, useAdminHelpdesk } from './admin-helpdesk.js';
import { expectAxeCleanLightAndDark } from './axe.js';
import { expectNoHorizontalOverflow, expectRtl } from './rtl-checks.js';
import { shotPath } from './shot-path.js';

const hd = useAdminHelpdesk();
// axe is injected into the page.
test.use({ bypassCSP: true });

/** The numbers in the Count column of a metric's table, summed (English digits). */
async function countColumnSum(page: Page, metric: string): Promise<number> {
  const table = page.getByTestId(`report-${metric}`).getByRole('table');
  await expect(table).toBeVisible();
  // What the eye reads: the link's words for screen readers (visually hidden) left out.
  const cells = await table.locator('tbody tr td:first-of-type').evaluateAll((tds) =>
    tds.map((td) => {
      const copy = td.cloneNode(true) as HTMLElement;
      for (const hidden of copy.querySelectorAll('.visually-hidden')) hidden.remove();
      return copy.textContent ?? '';
    }),
  );
  return cells.reduce((sum, text) => sum + Number(text.replace(/[^\d]/g, '')), 0);
}

test('the overview and the Volume page count the tickets filed, with definitions, tables and CSV', async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  const filed = 3;
  for (let i = 1; i <= filed; i += 1) await hd.fileTicket(`report.client${i}@client.test`, `Report ticket ${i}`);

  await signInToAdmin(page, hd.homeUrl, ADMIN);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Reports', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  const created = page.getByTestId('overview-created');
  await expect(created.locator('.report-figure-value')).toHaveText(String(filed));
  // The trend in words, not colour alone: nothing was filed last week.
  await expect(created).toContainText('Up from 0 last week');
  await expect(page.getByTestId('overview-backlog').locator('.report-figure-value')).toHaveText(String(filed));
  await expect(page.getByTestId('overview-resolved').locator('.report-figure-value')).toHaveText('0');
  await page.screenshot({ path: shotPath(testInfo, 'reports-overview.png'), fullPage: true });
  await expectAxeCleanLightAndDark(page, 'the reports overview');

  await page.getByRole('navigation', { name: 'Report pages' }).getByRole('link', { name: 'Volume' }).click();
  const createdReport = page.getByTestId('report-created');
  // The written definition beside the chart (common.reports.metric.created), and a chart hidden from screen readers.
  await expect(createdReport.locator('.report-definition')).not.toBeEmpty();
  await expect(createdReport.getByTestId('report-chart')).toHaveAttribute('aria-hidden', 'true');
  await expect(createdReport.locator('canvas')).toBeVisible();
  expect(await countColumnSum(page, 'created')).toBe(filed);
  expect(await countColumnSum(page, 'resolved')).toBe(0);

  // The chart's CSV holds the same numbers as its table.
  const csvHref = await createdReport.getByRole('link', { name: /Download CSV/ }).getAttribute('href');
  expect(csvHref).toContain('format=csv');
  const csv = await (await page.request.get(new URL(csvHref ?? '', page.url()).href)).text();
  const csvCounts = csv
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => Number(line.split(',')[2]));
  expect(csvCounts.reduce((a, b) => a + b, 0)).toBe(filed);
  // The per-ticket CSV: a header and one line per ticket filed.
  const ticketsHref = await page.getByRole('link', { name: /Download every ticket/ }).getAttribute('href');
  const tickets = await (await page.request.get(new URL(ticketsHref ?? '', page.url()).href)).text();
  expect(tickets.trim().split('\n')).toHaveLength(filed + 1);

  // Grouped by channel: these filings came through the API (a form post without the help site's page), named in words.
  await page.getByLabel('Group by').selectOption('channel');
  await expect(createdReport.getByRole('columnheader', { name: 'Channel' })).toBeVisible();
  await expect(createdReport.getByRole('rowheader', { name: 'The API' })).toBeVisible();
  expect(await countColumnSum(page, 'created')).toBe(filed);
  await page.screenshot({ path: shotPath(testInfo, 'reports-volume.png'), fullPage: true });

  // The number in a row opens the very tickets behind it, as many as it says, each linked; back keeps the grouping.
  await createdReport.getByRole('link', { name: /show what is behind The API/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tickets created: The API');
  await expect(page.getByTestId('bucket-count')).toHaveText(`${filed} tickets in this bar`);
  await expect(page.getByRole('table').locator('tbody tr')).toHaveCount(filed);
  for (let i = 1; i <= filed; i += 1) await expect(page.getByRole('cell', { name: `Report ticket ${i}` })).toBeVisible();
  await page.screenshot({ path: shotPath(testInfo, 'reports-behind-a-bar.png'), fullPage: true });
  await expectAxeCleanLightAndDark(page, 'the tickets behind a bar');
  await page.getByRole('link', { name: 'Back to the report' }).click();
  await expect(page.getByLabel('Group by')).toHaveValue('channel');
  // The bar itself, clicked in the chart, opens the same list.
  const plot = createdReport.locator('.u-over');
  const box = await plot.boundingBox();
  if (!box) throw new Error('the chart has no plot area');
  // One bar (one channel), drawn in the middle of the plot, up to the top of its scale.
  await plot.click({ position: { x: box.width / 2, y: box.height - 5 } });
  await expect(page.getByTestId('bucket-count')).toHaveText(`${filed} tickets in this bar`);
  await page.goBack();
  await expectAxeCleanLightAndDark(page, 'the Volume page');

  await page.getByRole('navigation', { name: 'Report pages' }).getByRole('link', { name: 'Times' }).click();
  await expect(page.getByTestId('report-first_reply').getByRole('columnheader', { name: 'Median' })).toBeVisible();
  await page.getByLabel('Hours').selectOption('business');
  await expect(page.getByTestId('report-first_reply').locator('.report-definition')).not.toBeEmpty();
  await expectAxeCleanLightAndDark(page, 'the Times page');

  // At 390 px nothing scrolls sideways; the chart follows the width.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${hd.homeUrl}/admin/reports/volume`);
  expect(await countColumnSum(page, 'created')).toBe(filed);
  await expectNoHorizontalOverflow(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: shotPath(testInfo, 'reports-volume-390-dark.png') });
  await page.emulateMedia({ colorScheme: null });

  // In Arabic, right to left, still without sideways scrolling.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.locator('.account-name').click();
  await page.getByLabel('Language').selectOption('ar');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.goto(`${hd.homeUrl}/admin/reports/volume`);
  await expect(page.getByRole('heading', { level: 1, name: 'التقارير' })).toBeVisible();
  await expectRtl(page);
  await expect(page.getByTestId('report-created').getByRole('table')).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ path: shotPath(testInfo, 'reports-volume-390-ar.png') });
  await expectAxeCleanLightAndDark(page, 'the Volume page in Arabic');
});

test('an admin has the weekly report mailed: the choice in My notifications stays after a reload', async ({ page }) => {
  await signInToAdmin(page, hd.homeUrl, ADMIN);
  // In English whatever the first test left the account in (it switches to Arabic).
  await page.goto(`${hd.homeUrl}/admin/notifications?lang=en`);
  const weekly = page.getByRole('checkbox', { name: 'Mail me the weekly report' });
  await expect(weekly).not.toBeChecked();
  const saved = () => page.waitForResponse((r) => r.url().endsWith('/users/me/report-mail') && r.request().method() === 'PATCH');
  await Promise.all([saved(), weekly.check()]);
  await expect(weekly).toBeChecked();
  await expectAxeCleanLightAndDark(page, 'My notifications with the weekly report');
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Mail me the weekly report' })).toBeChecked();
  await Promise.all([saved(), page.getByRole('checkbox', { name: 'Mail me the weekly report' }).uncheck()]);
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Mail me the weekly report' })).not.toBeChecked();
});
