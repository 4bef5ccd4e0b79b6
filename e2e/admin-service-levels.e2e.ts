// The service-level screens as an admin uses them: a schedule with a lunch break and a holiday, a policy on it,
// and the preview of when a ticket filed now would be due; axe-clean (light and dark), no sideways overflow at 390 px,
// and in Arabic.

import { expect, test } from '@playwright/test';
import { DEFAULT_TICKET_FORM_FIELDS } from '../server/settings/default-schema.js';
import { ADMIN, openAdminScreen, signInToAdmin, useAdminHelpdesk } from './admin-helpdesk.js';
import { expectNoAxeViolations } from './axe.js';
import { expectNoHorizontalOverflow, expectRtl } from './rtl-checks.js';
import { shotPath } from './shot-path.js';

const hd = useAdminHelpdesk();
test.use({ bypassCSP: true }); // only so that axe can be injected

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

test('a policy on a tag and a custom field’s value catches the tickets that have them; a day open until midnight', async ({
  page,
}, testInfo) => {
  await hd.api('PATCH', '/users/me', { language: 'en' });
  await hd.api('PATCH', '/settings', {
    tickets: {
      form_fields: [
        ...DEFAULT_TICKET_FORM_FIELDS,
        { key: 'plan', label: 'Your plan', type: 'select', required: false, options: ['Free', 'Pro'] },
      ],
    },
  });
  const file = (extra: object) =>
    hd.api<{ id: number }>('POST', '/tickets/', {
      name: 'Ann',
      email: 'ann-vip@client.test',
      subject: 'Help',
      description: 'It broke.',
      ...extra,
    });
  const tagged = await file({});
  await hd.api('PATCH', `/tickets/${tagged.id}`, { tags: ['vip'] });

  await signInToAdmin(page, hd.homeUrl, ADMIN);
  await openAdminScreen(page, 'Service levels');
  await page.getByRole('button', { name: 'Add a policy' }).click();
  await page.getByLabel('Name', { exact: true }).fill('VIP on Pro');
  await page.getByLabel('Tags').selectOption({ label: 'vip' });
  await page.getByRole('button', { name: 'Add a field condition' }).click();
  await page.getByLabel('Field', { exact: true }).selectOption({ label: 'Your plan' });
  await page.getByLabel('Values of Your plan').selectOption('Pro');
  // The preview imagines a ticket that has the tag and the value.
  await expect(page.locator('.sla-preview')).toContainText('A ticket filed now would be due at');
  await expectNoAxeViolations(page, 'the policy editor with a tag and a field condition');
  await page.screenshot({ path: shotPath(testInfo, 'sla-policy-conditions-light.png'), fullPage: true });
  await page.getByRole('button', { name: 'Add policy' }).click();
  await expect(page.getByRole('cell', { name: 'VIP on Pro', exact: true })).toBeVisible();
  const policies = await hd.api<Array<{ id: number; name: string; conditions: { tag?: number[]; fields?: unknown } }>>(
    'GET',
    '/sla-policies/',
  );
  const policy = policies.find((p) => p.name === 'VIP on Pro');
  expect(policy?.conditions.fields).toEqual([{ key: 'plan', values: ['Pro'] }]);
  expect(policy?.conditions.tag).toHaveLength(1);

  // A Pro ticket tagged vip comes under it; the same without the tag does not (Standard, made before, is for mail).
  const slaOf = async (id: number) =>
    (await hd.api<{ sla: { policy: { name: string } | null } }>('GET', `/tickets/${id}`)).sla.policy?.name;
  const pro = await file({ custom_plan: 'Pro' });
  expect(await slaOf(pro.id)).toBeUndefined();
  await hd.api('PATCH', `/tickets/${pro.id}`, { tags: ['vip'] });
  await expect.poll(() => slaOf(pro.id)).toBe('VIP on Pro');

  // Editing it again keeps both conditions as they were.
  await page.getByRole('button', { name: 'Edit VIP on Pro' }).click();
  await expect(page.getByLabel('Values of Your plan')).toHaveValues(['Pro']);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectNoAxeViolations(page, 'the policy editor with its conditions, dark');
  await page.screenshot({ path: shotPath(testInfo, 'sla-policy-conditions-dark.png'), fullPage: true });
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('button', { name: 'Save changes' })).toHaveCount(0);
  const [kept] = (await hd.api<typeof policies>('GET', '/sla-policies/')).filter((p) => p.name === 'VIP on Pro');
  expect(kept?.conditions).toEqual(policy?.conditions);

  // Business hours: Friday open until midnight, chosen as an end of 00:00 and stored as 24:00.
  await page.emulateMedia({ colorScheme: 'light' });
  await openAdminScreen(page, 'Business hours');
  await page.getByRole('button', { name: 'Edit Berlin office' }).click();
  const friday = page.getByRole('group', { name: 'Friday', exact: true });
  await friday.getByLabel('To').fill('00:00');
  await expect(friday.getByLabel('To')).toHaveAccessibleDescription(/end of the day \(24:00\)/);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('button', { name: 'Save changes' })).toHaveCount(0);
  const schedules = await hd.api<Array<{ name: string; week: unknown[][] }>>('GET', '/business-hours/');
  expect(schedules.find((s) => s.name === 'Berlin office')?.week[5]).toEqual([{ start: '09:00', end: '24:00' }]);
});

test('both screens on a phone in Arabic, light and dark: right to left, no sideways scroll, axe-clean', async ({ page }, testInfo) => {
  await signInToAdmin(page, hd.homeUrl, ADMIN);
  await page.setViewportSize({ width: 390, height: 800 });
  await hd.api('PATCH', '/users/me', { language: 'ar' });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto(`${hd.homeUrl}/admin/business-hours`);
    await page.getByRole('button', { name: 'تعديل Berlin office' }).click();
    await expectRtl(page);
    await expectNoHorizontalOverflow(page);
    await expectNoAxeViolations(page, `the schedule editor in Arabic, ${scheme}, 390 px`);
    await page.screenshot({ path: shotPath(testInfo, `business-hours-ar-390-${scheme}.png`), fullPage: true });
    await page.goto(`${hd.homeUrl}/admin/service-levels`);
    await page.getByRole('button', { name: 'تعديل VIP on Pro' }).click();
    await expectRtl(page);
    await expectNoHorizontalOverflow(page);
    await expectNoAxeViolations(page, `the policy editor in Arabic, ${scheme}, 390 px`);
    await page.screenshot({ path: shotPath(testInfo, `sla-policies-ar-390-${scheme}.png`), fullPage: true });
  }
  await hd.api('PATCH', '/users/me', { language: 'en' });
});
