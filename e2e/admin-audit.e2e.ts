import { expect, test } from '@playwright/test';
import { ADMIN, openAdminScreen, signInToAdmin, useAdminHelpdesk } from './admin-helpdesk.js';
import { expectAxeCleanLightAndDark } from './axe.js';
import { expectNoHorizontalOverflow, expectRtl } from './rtl-checks.js';
import { takeShot } from './shot-path.js';

const hd = useAdminHelpdesk();
test.use({ bypassCSP: true }); // only so that axe can be injected

test('an admin reads who did what in plain words, filters it, downloads it, on a phone, in the dark and in Arabic', async ({
  page,
}, testInfo) => {
  await hd.api('PATCH', '/users/me', { language: 'en' });
  await hd.api('PATCH', '/settings', { ai: { api_key: 'sk-e2e-secret', model: 'audit-model' } });
  // A wrong password first: recorded with the email typed.
  await page.goto(`${hd.homeUrl}/admin/`);
  await page.getByLabel('Email').fill('mallory@example.test');
  await page.getByLabel('Password').fill('not the password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await signInToAdmin(page, hd.homeUrl, ADMIN);
  await openAdminScreen(page, 'Audit log');
  await expect(page).toHaveTitle(/Audit log/);

  const settingsRow = page.getByRole('row', { name: /Changed settings/ }).first();
  await expect(settingsRow).toContainText('ai.api_key: (empty) → ••••');
  await expect(settingsRow).toContainText('→ audit-model');
  await expect(settingsRow).toContainText(ADMIN.name);
  await expect(page.getByText('sk-e2e-secret')).toHaveCount(0);
  const failed = page.getByRole('row', { name: /Sign-in failed/ }).first();
  await expect(failed).toContainText('mallory@example.test');
  await expect(failed).toContainText('Why: wrong email or password');
  await expect(failed).toContainText('Not signed in');
  await expect(page.getByRole('row', { name: /Signed in/ }).first()).toContainText('How: password');
  await expectAxeCleanLightAndDark(page, 'the audit log');
  await takeShot(page, testInfo, 'audit-log.png');

  await page.getByLabel('Action').selectOption({ label: 'All sign-ins' });
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page.getByRole('row', { name: /Changed settings/ })).toHaveCount(0);
  await expect(page.getByRole('row', { name: /Sign-in failed/ }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download CSV' })).toHaveAttribute('href', /audit-log\.csv\?action=auth$/);
  const csv = await page.request.get(await page.getByRole('link', { name: 'Download CSV' }).evaluate((a) => (a as HTMLAnchorElement).href));
  expect(csv.status()).toBe(200);
  expect(await csv.text()).toContain('auth.sign_in_failed');

  // On a phone, in the dark: each entry's cells stack, each named, and the page never scrolls sideways.
  await page.setViewportSize({ width: 390, height: 800 });
  await expectNoHorizontalOverflow(page);
  await expect(page.locator('.audit-log td[data-label="Action"]').first()).toBeVisible();
  await page.emulateMedia({ colorScheme: 'dark' });
  await takeShot(page, testInfo, 'audit-log-phone-dark.png');
  await page.emulateMedia({ colorScheme: null });

  await hd.api('PATCH', '/users/me', { language: 'ar' });
  await page.goto(`${hd.homeUrl}/admin/audit`);
  await expect(page.getByRole('heading', { level: 1, name: 'سجل التدقيق' })).toBeVisible();
  await expect(page.getByRole('row', { name: /فشل تسجيل الدخول/ }).first()).toBeVisible();
  await expectRtl(page);
  await expectNoHorizontalOverflow(page);
  await expectAxeCleanLightAndDark(page, 'the audit log in Arabic on a phone');
  await takeShot(page, testInfo, 'audit-log-arabic-phone.png');
  await hd.api('PATCH', '/users/me', { language: 'en' });
});
