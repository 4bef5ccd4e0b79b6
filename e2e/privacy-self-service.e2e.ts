// Issue 41 items 1 and 3 in Chromium: a signed-in client asks for their own data on the help site, reads the link in
// the mail the test SMTP sink received, and downloads the ZIP once (the second opening is a plain page); an admin
// previews what Privacy → Retention's typed values would remove before saving. Each axe-clean light and dark,
// screenshots light, dark, 390 px and Arabic (right to left, no sideways overflow).

import { readFile } from 'node:fs/promises';
import { expect, type Page, type TestInfo, test } from '@playwright/test';
import { ADMIN, signInToAdmin, useAdminHelpdesk } from './admin-helpdesk.js';
import { expectAxeCleanLightAndDark } from './axe.js';
import { expectNoHorizontalOverflow, expectRtl } from './rtl-checks.js';
import { shotPath } from './shot-path.js';

const hd = useAdminHelpdesk();
test.use({ bypassCSP: true }); // only so that axe can be injected

/** Light, dark and 390 px pictures of the page as it is. */
async function shootThreeWays(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: shotPath(testInfo, `${name}-light.png`), fullPage: true });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: shotPath(testInfo, `${name}-dark.png`), fullPage: true });
  await page.emulateMedia({ colorScheme: null });
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 900 });
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ path: shotPath(testInfo, `${name}-phone.png`), fullPage: true });
  if (size) await page.setViewportSize(size);
}

test('a client asks for their data, opens the mailed link and downloads the ZIP once', async ({ browser }, testInfo) => {
  const email = `mydata-${Date.now()}@client.test`;
  await hd.fileTicket(email, 'Send me my data');
  const context = await browser.newContext({ bypassCSP: true, acceptDownloads: true });
  await context.addCookies([{ name: 'hd_session', value: await hd.clientSession(email), url: `${hd.homeUrl}/` }]);
  const page = await context.newPage();
  await page.goto(`${hd.homeUrl}/tickets/`);
  await page.getByRole('button', { name: 'Download my data' }).click();
  await expect(page.getByRole('status')).toHaveText('We have mailed you a link; it works for 24 hours.');
  await expectAxeCleanLightAndDark(page, 'the tickets page after asking for the data');
  await shootThreeWays(page, testInfo, 'my-data-asked');

  const isLink = (m: { to: string[]; text: string }) => m.to.includes(email) && m.text.includes('/account/export/?token=');
  const mail = (await hd.smtp.waitFor((all) => all.some(isLink), 'the data-export mail')).find(isLink);
  expect(mail?.subject).toContain('Your data from');
  const link = /https?:\/\/\S+\/account\/export\/\?token=[\w-]+/.exec(mail?.text ?? '')?.[0] ?? '';
  expect(link.startsWith(`${hd.homeUrl}/account/export/`)).toBe(true);

  // Opening the link starts a download (an anchor: a page navigation to a file has no page to wait for).
  const downloading = page.waitForEvent('download');
  await page.evaluate((href) => {
    const a = document.createElement('a');
    a.href = href;
    document.body.append(a);
    a.click();
  }, link);
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^client-\d+-\d{4}-\d{2}-\d{2}\.zip$/);
  const zip = await readFile(await download.path());
  expect(zip.subarray(0, 2).toString()).toBe('PK');

  // Once only: the second opening is a plain page saying so.
  const again = await page.goto(link);
  expect(again?.status()).toBe(410);
  await expect(page.getByText('This link was used already')).toBeVisible();
  await expectAxeCleanLightAndDark(page, 'the used-link page');
  await shootThreeWays(page, testInfo, 'my-data-used-link');

  // Arabic, right to left: the request form as the client reads it.
  await context.addCookies([{ name: 'helpdesk_lang', value: 'ar', url: `${hd.homeUrl}/` }]);
  await page.setViewportSize({ width: 390, height: 900 });
  await page.goto(`${hd.homeUrl}/tickets/`);
  await expect(page.getByRole('button', { name: 'تنزيل بياناتي' })).toBeVisible();
  await expectRtl(page);
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ path: shotPath(testInfo, 'my-data-arabic.png'), fullPage: true });
  await context.close();
});

test('an admin previews what retention would remove before saving it', async ({ page }, testInfo) => {
  await hd.fileTicket(`retention-${Date.now()}@client.test`, 'Old question');
  await signInToAdmin(page, hd.homeUrl, ADMIN);
  await page.goto(`${hd.homeUrl}/admin/settings/privacy`);
  await page.getByLabel('Remove tickets closed for this many days').fill('1');
  await page.getByLabel('Erase clients with no ticket activity for this many days').fill('1');
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByText(/closed tickets? would be anonymised now\./)).toBeVisible();
  await expect(page.getByText(/clients? with no ticket for that long would be deleted now\./)).toBeVisible();
  await expectAxeCleanLightAndDark(page, 'Settings → Privacy with a retention preview');
  await page.getByRole('region', { name: 'Retention' }).scrollIntoViewIfNeeded();
  await shootThreeWays(page, testInfo, 'retention-preview');

  // A value the server refuses is said in plain words, and nothing is saved.
  await page.getByLabel('Remove tickets closed for this many days').fill('-5');
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  const stored = await hd.api<{ privacy: { delete_closed_tickets_after_days: number } }>('GET', '/settings');
  expect(stored.privacy.delete_closed_tickets_after_days).toBe(0);

  await page.evaluate(async () => {
    const me = (await (await fetch('../api/helpdesk/v1/me')).json()) as { csrf_token: string };
    await fetch('../api/helpdesk/v1/users/me', {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', 'x-csrf-token': me.csrf_token },
      body: JSON.stringify({ language: 'ar' }),
    });
  });
  await page.setViewportSize({ width: 390, height: 900 });
  await page.goto(`${hd.homeUrl}/admin/settings/privacy`);
  await page.getByRole('button', { name: 'معاينة' }).click();
  await expect(page.locator('.retention-counts li')).toHaveCount(3);
  await expectRtl(page);
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ path: shotPath(testInfo, 'retention-preview-arabic.png'), fullPage: true });
});
