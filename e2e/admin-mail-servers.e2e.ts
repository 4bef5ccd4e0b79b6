// Settings → Mail servers (issue 41 item 5) in Chromium against the real helpdesk, started as a fresh install without
// SMTP_URL: the SMTP form filled, saved and a test mail sent to a typed address that arrives at the local SMTP server;
// a wrong port answered in plain words; the public address (127.0.0.1 here) warned of on the setup's embed page and
// beside the admin's snippet. Axe-clean; screenshots in light, dark, at 390 px and in Arabic, to look at.
import { expect, type Page, test } from '@playwright/test';
import { freePort } from '../server/test/smtp-sink.js';
import { ADMIN, signInToAdmin, useAdminHelpdesk } from './admin-helpdesk.js';
import { axeViolations, expectAxeCleanLightAndDark } from './axe.js';
import { expectNoHorizontalOverflow, expectRtl } from './rtl-checks.js';
import { shotPath } from './shot-path.js';

test.use({ bypassCSP: true }); // only so that axe can be injected

const hd = useAdminHelpdesk({ withoutSmtp: true });

async function fillSmtp(page: Page, port: number) {
  const card = page.getByRole('region', { name: 'Outgoing mail (SMTP)' });
  await card.getByLabel('Server').fill('127.0.0.1');
  await card.getByLabel('Port').fill(String(port));
  await card.getByLabel('Encryption').selectOption('none');
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(card.getByRole('status')).toHaveText('Saved. The helpdesk uses it from now on.');
  return card;
}

test('the SMTP server saved in the browser sends a test mail that arrives; a refused port is said in plain words', async ({
  page,
}, testInfo) => {
  await signInToAdmin(page, hd.homeUrl, ADMIN);
  await page.goto(`${hd.homeUrl}/admin/settings/mail`);
  const card = page.getByRole('region', { name: 'Outgoing mail (SMTP)' });
  await expect(card.getByText('Not set yet.')).toBeVisible();

  // Nothing listens on this port: the server refuses the connection.
  await fillSmtp(page, await freePort());
  await card.getByRole('button', { name: 'Send a test mail' }).click();
  await expect(card.getByRole('alert')).toContainText('The server refused the connection. Check the port');

  await fillSmtp(page, hd.smtp.port);
  await expect(card.getByText('No password is set.')).toBeVisible();
  await card.getByLabel('Send the test mail to').fill('owner@example.test');
  await card.getByRole('button', { name: 'Send a test mail' }).click();
  await expect(card.getByRole('status')).toHaveText('The server accepted the test mail for owner@example.test. Check that it arrived.');
  await hd.smtp.waitFor((messages) => messages.some((m) => m.to.includes('owner@example.test')), 'the test mail');

  // A bad port is refused by the server, naming the field.
  await card.getByLabel('Port').fill('70000');
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(card.getByText(/must be a whole number from 1 to 65535/).first()).toBeVisible();
  await expect(card.getByLabel('Port')).toHaveAttribute('aria-invalid', 'true');

  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: shotPath(testInfo, 'mail-servers-light.png'), fullPage: true });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: shotPath(testInfo, 'mail-servers-dark.png'), fullPage: true });
  await expectAxeCleanLightAndDark(page, 'Settings → Mail servers');
});

test('the public address on 127.0.0.1 is warned of on the embed page and beside the admin’s snippet', async ({ page }, testInfo) => {
  await signInToAdmin(page, hd.homeUrl, ADMIN);
  await page.goto(`${hd.homeUrl}/admin/setup/embed/`);
  const warning = page.locator('#public-address-warning');
  await expect(warning).toContainText(`The public address is ${hd.homeUrl}, which only this computer can open`);
  await expect(warning).toContainText('HELPDESK_HOME_URL');
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: shotPath(testInfo, 'embed-page-local-address.png'), fullPage: true });

  await page.goto(`${hd.homeUrl}/admin/settings/general`);
  const embed = page.getByRole('region', { name: 'Embed the widget' });
  await expect(embed.locator('#public-address-warning')).toContainText('which only the server itself can open');
});

test('Settings → Mail servers on a phone, in Arabic, light and dark', async ({ page }, testInfo) => {
  await hd.api('PATCH', '/users/me', { language: 'ar' });
  try {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInToAdmin(page, hd.homeUrl, ADMIN);
    await page.goto(`${hd.homeUrl}/admin/settings/mail`);
    await expect(page.getByRole('region', { name: 'البريد الصادر (SMTP)' })).toBeVisible();
    await expectRtl(page);
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: shotPath(testInfo, 'mail-servers-ar-390.png'), fullPage: true });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.screenshot({ path: shotPath(testInfo, 'mail-servers-ar-dark-390.png'), fullPage: true });
    await expectAxeCleanLightAndDark(page, 'Settings → Mail servers in Arabic on a phone');
  } finally {
    await hd.api('PATCH', '/users/me', { language: 'en' });
  }
});
