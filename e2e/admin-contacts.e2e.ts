import { expect, test } from '@playwright/test';
import { ADMIN, openAdminScreen, signInToAdmin, useAdminHelpdesk } from './admin-helpdesk.js';
import { expectAxeCleanLightAndDark } from './axe.js';
import { expectNoHorizontalOverflow, expectRtl } from './rtl-checks.js';
import { takeShot } from './shot-path.js';

const hd = useAdminHelpdesk();
test.use({ bypassCSP: true }); // only so that axe can be injected

test('an agent opens a client’s profile from the ticket, adds an address and merges their other account', async ({ page }, testInfo) => {
  // Eight axe runs in two colour schemes and a merge: past 30 s on a busy two-core machine.
  test.setTimeout(90_000);
  await hd.api('POST', '/organisations/', { name: 'Acme Widgets', domains: ['acme.test'] });
  const id = await hd.fileTicket('ann@acme.test', 'Printer jams on page two');
  await hd.fileTicket('ann.home@mail.test', 'Invoice copy please');
  await signInToAdmin(page, hd.homeUrl, ADMIN);
  await page.goto(`${hd.homeUrl}/admin/tickets/${await hd.ticketNumber(id)}`);
  // The sidebar: the client's organisation (their domain joined it) beside the ticket.
  await expect(page.getByRole('link', { name: 'Acme Widgets' })).toBeVisible();
  await page.getByRole('link', { name: /Profile/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const profileUrl = page.url();
  await expect(page.getByLabel('Organisation')).toHaveValue(/\d+/);
  await expect(page.getByRole('link', { name: /Printer jams on page two/ })).toBeVisible();

  await page.getByLabel('Another address').fill('ann@personal.test');
  await page.getByRole('button', { name: 'Add address' }).click();
  await expect(page.getByRole('button', { name: 'Remove ann@personal.test' })).toBeVisible();

  await page.getByLabel('Client to merge (their email)').fill('ann.home@mail.test');
  await page.getByRole('button', { name: 'Find' }).click();
  await expect(page.getByText(/can no longer sign in\. This cannot be undone\./)).toBeVisible();
  await expectAxeCleanLightAndDark(page, 'the profile with the merge warning');
  await page.getByRole('button', { name: /^Merge into / }).click();
  await expect(page.getByText('Merged.')).toBeVisible();
  await expect(page.getByRole('link', { name: /Invoice copy please/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove ann.home@mail.test' })).toBeVisible();
  await takeShot(page, testInfo, 'client-profile.png');

  await page.setViewportSize({ width: 390, height: 800 });
  await expectNoHorizontalOverflow(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await takeShot(page, testInfo, 'client-profile-phone-dark.png');
  await page.emulateMedia({ colorScheme: null });
  await page.setViewportSize({ width: 1280, height: 720 });

  await openAdminScreen(page, 'Organisations');
  await expect(page.getByRole('link', { name: 'Acme Widgets' })).toBeVisible();
  await expectAxeCleanLightAndDark(page, 'the organisations list');
  // A domain another organisation lists is refused in words naming it; nothing changes.
  await hd.api('POST', '/organisations/', { name: 'Beta Ltd', domains: ['beta.test'] });
  await page.getByRole('link', { name: 'Acme Widgets' }).click();
  await page.getByLabel('Domains, separated by commas (example.com)').fill('acme.test, beta.test');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'beta.test already belongs to the organisation Beta Ltd' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Casey Client' })).toBeVisible();
  await expectAxeCleanLightAndDark(page, 'one organisation with its clients');
  await openAdminScreen(page, 'Clients');
  await expect(page.getByRole('heading', { level: 1, name: 'Clients' })).toBeVisible();
  await expectAxeCleanLightAndDark(page, 'the clients list');

  await hd.api('PATCH', '/users/me', { language: 'ar' });
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto(`${hd.homeUrl}/admin/clients`);
  await expect(page.getByRole('heading', { level: 1, name: 'العملاء' })).toBeVisible();
  await page.goto(profileUrl);
  await expect(page.getByRole('heading', { level: 2, name: 'التقييمات' })).toBeVisible();
  await expectRtl(page);
  await expectNoHorizontalOverflow(page);
  await takeShot(page, testInfo, 'client-profile-arabic-phone.png');
  await hd.api('PATCH', '/users/me', { language: 'en' });
});
