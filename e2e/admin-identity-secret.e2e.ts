// Settings → Tickets → Signed-in visitors (issue 38): the identity secret made and shown once, replaced after a
// warning, never shown again; the card axe-clean in light and dark, on a phone and in Arabic. Screenshots people look at.
import { expect, test } from '@playwright/test';
import { ADMIN, signInToAdmin, useAdminHelpdesk } from './admin-helpdesk.js';
import { expectAxeCleanLightAndDark } from './axe.js';
import { expectNoHorizontalOverflow, expectRtl } from './rtl-checks.js';
import { shotPath } from './shot-path.js';

const hd = useAdminHelpdesk();
// axe is injected into the page.
test.use({ bypassCSP: true });

test('an admin makes the identity secret, sees it once, and replaces it after a warning', async ({ page }, testInfo) => {
  await hd.api('PATCH', '/users/me', { language: 'en' });
  await signInToAdmin(page, hd.homeUrl, ADMIN);
  await page.goto(`${hd.homeUrl}/admin/settings/tickets`);
  const card = page.getByRole('region', { name: 'Signed-in visitors' });
  await expect(card.getByText('No secret yet: the widget refuses sign-in tokens.')).toBeVisible();
  await card.getByRole('button', { name: 'Make a secret' }).click();
  const secret = card.getByLabel('New secret');
  await expect(secret).toHaveValue(/^hdid_[A-Za-z0-9_-]{43}$/);
  const first = await secret.inputValue();
  await expect(card.getByRole('status')).toHaveText('New secret made. The old one no longer works.');
  await expect(card.getByText('The current secret was made')).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await card.screenshot({ path: shotPath(testInfo, 'identity-secret-made.png') });
  await expectAxeCleanLightAndDark(page, 'the identity secret card, secret shown');

  // Replacing it warns first; keeping it changes nothing.
  await card.getByRole('button', { name: 'Make a new secret' }).click();
  await expect(card.getByRole('alert')).toContainText('ends the current one at once');
  await card.getByRole('button', { name: 'Keep the current secret' }).click();
  await expect(secret).toHaveValue(first);
  await card.getByRole('button', { name: 'Make a new secret' }).click();
  await card.getByRole('button', { name: 'Replace the secret' }).click();
  await expect(secret).not.toHaveValue(first);
  await expect(secret).toHaveValue(/^hdid_/);

  // Never shown again.
  await page.reload();
  await expect(card.getByText('The current secret was made')).toBeVisible();
  await expect(card.getByLabel('New secret')).toHaveCount(0);
  expect(await page.content()).not.toContain(first.slice(5));
});

test('the card on a phone, in Arabic, in the dark', async ({ page }, testInfo) => {
  await hd.api('PATCH', '/users/me', { language: 'ar' });
  await page.setViewportSize({ width: 390, height: 844 });
  await signInToAdmin(page, hd.homeUrl, ADMIN);
  await page.goto(`${hd.homeUrl}/admin/settings/tickets`);
  const card = page.getByRole('region', { name: 'الزوار المسجلون' });
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: /إنشاء سر/ }).click();
  const confirm = card.getByRole('button', { name: 'استبدال السر' });
  if (await confirm.isVisible()) await confirm.click();
  await expect(card.getByLabel('السر الجديد')).toHaveValue(/^hdid_/);
  await expectRtl(page);
  await expectNoHorizontalOverflow(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: shotPath(testInfo, 'identity-secret-ar-dark-390.png') });
  await expectAxeCleanLightAndDark(page, 'the identity secret card in Arabic on a phone');
  await hd.api('PATCH', '/users/me', { language: 'en' });
});
