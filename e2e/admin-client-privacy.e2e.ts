// A client's data on the Accounts screen: the admin downloads it as a ZIP, then erases the client after typing
// their address (the button stays disabled until then). Axe-clean light and dark, no sideways overflow at 390 px,
// and the section in Arabic, right to left.

import { expect, test } from '@playwright/test';
import { ADMIN, openAdminScreen, signInToAdmin, useAdminHelpdesk } from './admin-helpdesk.js';
import { expectAxeCleanLightAndDark } from './axe.js';
import { expectNoHorizontalOverflow, expectRtl } from './rtl-checks.js';
import { shotPath } from './shot-path.js';

const hd = useAdminHelpdesk();
test.use({ bypassCSP: true }); // only so that axe can be injected

test('an admin downloads a client’s data and erases the client after typing their address', async ({ page }, testInfo) => {
  const email = 'casey-privacy@client.test';
  await hd.fileTicket(email, 'Please forget me');
  await signInToAdmin(page, hd.homeUrl, ADMIN);
  await openAdminScreen(page, 'Accounts');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Look up' }).click();
  const exportLink = page.getByRole('link', { name: 'Download their data (ZIP)' });
  await expect(exportLink).toBeVisible();
  const zip = await page.request.get(new URL(String(await exportLink.getAttribute('href')), hd.homeUrl).toString());
  expect(zip.status()).toBe(200);
  expect(zip.headers()['content-type']).toBe('application/zip');
  await expect(page.getByText('Erasure is final: it cannot be undone.', { exact: false })).toBeVisible();
  await expectAxeCleanLightAndDark(page, 'the Accounts screen with a client’s data');

  await page.setViewportSize({ width: 390, height: 900 });
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ path: shotPath(testInfo, 'client-privacy-phone.png'), fullPage: true });

  const erase = page.getByRole('button', { name: 'Erase for good' });
  await expect(erase).toBeDisabled();
  await page.getByLabel(`Type the email address ${email} to confirm`).fill(email);
  await erase.click();
  await expect(page.getByText('Client erased: 1 tickets, 0 files.')).toBeVisible();
  const left = await hd.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
  expect(left).toBeUndefined();
});

test('the client’s data section reads right to left in Arabic, on a phone', async ({ page }, testInfo) => {
  const email = 'dana-privacy@client.test';
  await hd.fileTicket(email, 'Arabic check');
  await signInToAdmin(page, hd.homeUrl, ADMIN);
  await page.evaluate(async () => {
    const csrf = (await (await fetch('../api/helpdesk/v1/me')).json()) as { csrf_token: string };
    await fetch('../api/helpdesk/v1/users/me', {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', 'x-csrf-token': csrf.csrf_token },
      body: JSON.stringify({ language: 'ar' }),
    });
  });
  await page.setViewportSize({ width: 390, height: 900 });
  await page.goto(`${hd.homeUrl}/admin/accounts`);
  await page.locator('#account-email').fill(email);
  await page.locator('form.card button[type="submit"]').click();
  await expect(page.getByRole('link', { name: 'تنزيل بياناته (ZIP)' })).toBeVisible();
  await expectRtl(page);
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ path: shotPath(testInfo, 'client-privacy-arabic.png'), fullPage: true });
});
