// The admin app in the agent's own language: an agent chooses Arabic in their profile, and the inbox and a
// ticket read right to left in Arabic, without sideways scrolling on a laptop or a phone, and axe-clean.
import { expect, type Page, test } from '@playwright/test';
import { AGENT, signInToAdmin, useAdminHelpdesk } from './admin-helpdesk.js';
import { axeViolations } from './axe.js';
import { shotPath } from './shot-path.js';

const hd = useAdminHelpdesk();
let ticketNumber = 0;

test.beforeAll(async () => {
  await hd.fileTicket('amira@client.test', 'Where is order 55-1234?');
  // An Arabic subject with an order number inside: the number must keep its own order.
  const id = await hd.fileTicket('layla@client.test', 'لم يصل طلبي رقم 55-9876 بعد', { name: 'ليلى' });
  ticketNumber = await hd.ticketNumber(id);
});

const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

async function settled(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

test.use({ bypassCSP: true, viewport: { width: 1280, height: 800 } });

test('an agent who chooses Arabic in their profile sees the inbox and a ticket right to left, in Arabic', async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  await signInToAdmin(page, hd.homeUrl, AGENT);
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');

  // The profile: through the name in the top bar.
  await page.locator('.account-name').click();
  await expect(page.getByRole('heading', { name: 'My profile' })).toBeVisible();
  await page.getByLabel('Language').selectOption('ar');
  await page.getByLabel('Time zone').selectOption('Asia/Dubai');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name: 'ملفي الشخصي' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');

  // A new page load keeps it: /me carries the agent's language and zone.
  await page.goto(`${hd.homeUrl}/admin/`);
  await settled(page);
  await expect(page.getByRole('heading', { level: 1, name: 'صندوق الوارد' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('columnheader', { name: 'الموضوع' })).toBeVisible();
  // The seeded statuses read in Arabic too, on the tabs and on each row (the terms catalogue).
  await expect(page.getByRole('navigation', { name: 'الحالات' }).getByRole('link', { name: /مفتوحة/ })).toBeVisible();
  await expect(page.locator('.pill.status-open').first()).toHaveText('مفتوحة');
  // The top bar's navigation starts at the right: the brand is right of the inbox's link.
  const brand = await page.locator('.brand').boundingBox();
  const account = await page.locator('.account').boundingBox();
  expect(brand && account && brand.x > account.x).toBe(true);
  await page.screenshot({ path: shotPath(testInfo, 'admin-ar-inbox.png'), fullPage: true });
  expect(await axeViolations(page)).toEqual([]);

  await page.getByRole('link', { name: 'لم يصل طلبي رقم 55-9876 بعد' }).click();
  await settled(page);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('55-9876');
  await expect(page.getByTestId('ticket-status')).toHaveText('مفتوحة');
  await expect(page.getByRole('radio', { name: 'الرد على العميل' })).toBeChecked();
  await expect(page.getByRole('button', { name: 'إرسال الرد' })).toBeVisible();
  // "← Inbox" points right, back toward the start of an Arabic line.
  await expect(page.locator('.crumbs .dir-icon')).toHaveCSS('transform', 'matrix(-1, 0, 0, 1, 0, 0)');
  await page.screenshot({ path: shotPath(testInfo, 'admin-ar-ticket.png'), fullPage: true });
  expect(await axeViolations(page)).toEqual([]);
});

test('in Arabic nothing scrolls sideways on a laptop or a phone, on the inbox or a ticket', async ({ page }) => {
  test.setTimeout(90_000);
  await signInToAdmin(page, hd.homeUrl, AGENT);
  // The previous case saved Arabic for this agent; a fresh page shows it again.
  await page.goto(`${hd.homeUrl}/admin/`);
  await settled(page);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const wide: string[] = [];
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    for (const path of ['', `tickets/${ticketNumber}`, 'profile']) {
      await page.goto(`${hd.homeUrl}/admin/${path}`);
      await settled(page);
      const over = await sideways(page);
      if (over > 0) wide.push(`${width} px: /admin/${path} scrolls ${over} px sideways`);
    }
  }
  expect(wide).toEqual([]);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`${hd.homeUrl}/admin/`);
  await settled(page);
  expect(await axeViolations(page)).toEqual([]);
});

test('?lang=en-XA shows the inbox in the pseudo-locale, made from the catalogue the build hands over parsed', async ({ page }) => {
  await signInToAdmin(page, hd.homeUrl, AGENT);
  await page.goto(`${hd.homeUrl}/admin/?lang=en-XA`);
  await settled(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-XA');
  await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText(/^⟦.+ ~+⟧$/);
});
