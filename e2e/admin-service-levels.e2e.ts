// The service-level screens as an admin uses them: a schedule with a lunch break and a holiday, a policy on it,
// and the preview of when a ticket filed now would be due; axe-clean (light and dark), no sideways overflow at 390 px,
// and in Arabic.
import { expect, type Page, test } from '@playwright/test';
import { ADMIN, type AdminHelpdesk, openAdminScreen, signInToAdmin, startAdminHelpdesk } from './admin-helpdesk.js';
import { axeViolations } from './axe.js';
import { expectNoHorizontalOverflow, expectRtl } from './rtl-checks.js';

let hd: AdminHelpdesk;
test.beforeAll(async () => {
  hd = await startAdminHelpdesk();
});
test.afterAll(async () => {
  await hd?.close();
});
test.use({ bypassCSP: true }); // only so that axe can be injected

async function expectNoAxeViolations(page: Page, what: string) {
  const violations = await axeViolations(page);
  expect(violations, `${what}: ${JSON.stringify(violations, null, 2)}`).toEqual([]);
}

test('an admin adds business hours with a lunch break and a holiday, then a policy on them, and sees when a ticket would be due', async ({
  page,
}) => {
  await signInToAdmin(page, hd.homeUrl, ADMIN);
  await openAdminScreen(page, 'Business hours');
  await expect(page).toHaveTitle(/Business hours/);
  await page.getByRole('button', { name: 'Add a schedule' }).click();
  await page.getByLabel('Name', { exact: true }).fill('Berlin office');
  await page.getByLabel('Time zone').selectOption('Europe/Berlin');
  const monday = page.getByRole('group', { name: 'Monday', exact: true });
  await monday.getByLabel('To').fill('12:00');
  await monday.getByRole('button', { name: 'Add hours Monday' }).click();
  await expect(monday.getByLabel('From').nth(1)).toHaveValue('13:00');
  await page.getByRole('button', { name: 'Add a holiday or special day' }).click();
  await page.getByLabel('Date').fill('2026-12-25');
  await page.getByLabel('What the day is (optional)').fill('Christmas Day');
  await expect(page.getByLabel('Closed all day')).toBeChecked();
  await expectNoAxeViolations(page, 'the schedule editor');
  await page.getByRole('button', { name: 'Add schedule' }).click();
  await expect(page.getByRole('cell', { name: 'Berlin office', exact: true })).toBeVisible();
  const schedules = await hd.api<Array<{ name: string; time_zone: string | null; week: unknown[][]; overrides: unknown[] }>>(
    'GET',
    '/business-hours/',
  );
  const berlin = schedules.find((s) => s.name === 'Berlin office');
  expect(berlin?.time_zone).toBe('Europe/Berlin');
  expect(berlin?.week[1]).toEqual([
    { start: '09:00', end: '12:00' },
    { start: '13:00', end: '17:00' },
  ]);
  expect(berlin?.overrides).toEqual([{ date: '2026-12-25', name: 'Christmas Day', intervals: [] }]);

  await openAdminScreen(page, 'Service levels');
  await expect(page).toHaveTitle(/Service levels/);
  await page.getByRole('button', { name: 'Add a policy' }).click();
  await page.getByLabel('Name', { exact: true }).fill('Standard');
  await page.getByLabel('Business hours').selectOption({ label: 'Berlin office' });
  await page.getByRole('checkbox', { name: 'Mail' }).check();
  await expect(page.locator('.sla-preview')).toContainText('A ticket filed now would be due at');
  await expect(page.locator('.sla-preview li')).toHaveCount(2); // first reply and resolution; next reply waits for the client
  await expectNoAxeViolations(page, 'the policy editor with its preview');
  await page.getByRole('button', { name: 'Add policy' }).click();
  await expect(page.getByRole('cell', { name: 'Standard', exact: true })).toBeVisible();
  const [policy] = await hd.api<Array<{ name: string; conditions: unknown; targets: unknown[] }>>('GET', '/sla-policies/');
  expect(policy).toMatchObject({
    name: 'Standard',
    conditions: { channel: ['mail'] },
    targets: [{ urgency: null, first_reply: 60, next_reply: 240, resolution: 2880 }],
  });

  // A phone: the list and the editor fit.
  await page.setViewportSize({ width: 390, height: 800 });
  await page.getByRole('button', { name: 'Edit Standard' }).click();
  await expect(page.locator('.sla-preview li').first()).toBeVisible();
  await expectNoHorizontalOverflow(page);

  // In Arabic (the admin's own language), right to left, on the phone.
  await hd.api('PATCH', '/users/me', { language: 'ar' });
  await page.goto(`${hd.homeUrl}/admin/business-hours`);
  await expect(page.getByRole('heading', { level: 1, name: 'ساعات العمل' })).toBeVisible();
  await expectRtl(page);
  await page.getByRole('button', { name: 'تعديل Berlin office' }).click();
  await expect(page.getByRole('group', { name: 'الاثنين', exact: true }).getByLabel('من')).toHaveCount(2);
  await expectNoHorizontalOverflow(page);
  // …and in the dark (contrast of every text and field).
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectNoAxeViolations(page, 'the schedule editor in Arabic, dark');
});
