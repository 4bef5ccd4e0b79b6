// The admin app's Accounts and API tokens screens in Chromium against the real helpdesk: an admin
// disables an agent (its open session ends, its sign-in is refused in plain words) and enables it
// again; creates a token (its secret shown once), sees it listed and revokes it.
import { expect, type Page, test } from '@playwright/test';
import { ADMIN, openAdminScreen, signInToAdmin, useAdminHelpdesk } from './admin-helpdesk.js';
import { expectNoAxeViolations } from './axe.js';

const hd = useAdminHelpdesk();

test.use({ bypassCSP: true }); // only so that axe can be injected

async function signIn(page: Page, who: { email: string; password: string; name: string }) {
  await signInToAdmin(page, hd.homeUrl, who);
}

test('an admin disables an agent: its session ends and its sign-in is refused; enabled, it signs in again', async ({ page, browser }) => {
  const robin = { email: `robin-${Date.now()}@staff.test`, password: 'robin password 1', name: 'Robin Agent' };
  await hd.api('POST', '/users/', { ...robin, role: 'agent' });
  const agentContext = await browser.newContext();
  const agentPage = await agentContext.newPage();
  await signIn(agentPage, robin);

  await signIn(page, ADMIN);
  page.on('dialog', (dialog) => void dialog.accept());
  await openAdminScreen(page, 'Accounts');
  await page.getByLabel('Email').fill(robin.email);
  await page.getByRole('button', { name: 'Look up' }).click();
  await expect(page.getByRole('heading', { name: robin.name })).toBeVisible();
  await expect(page.getByText('Enabled: can sign in')).toBeVisible();
  await expectNoAxeViolations(page, 'accounts');
  await page.getByRole('button', { name: 'Disable account' }).click();
  await expect(page.getByText(/Disabled since \d{1,2} [A-Z][a-z]{2} \d{4}, \d\d:\d\d/)).toBeVisible();

  // The agent's open session is over: a reload shows the sign-in form, and signing in is refused.
  await agentPage.reload();
  await agentPage.getByLabel('Email').fill(robin.email);
  await agentPage.getByLabel('Password').fill(robin.password);
  await agentPage.getByRole('button', { name: 'Sign in' }).click();
  await expect(agentPage.getByRole('alert')).toContainText('This account has been disabled');

  await page.getByRole('button', { name: 'Enable account' }).click();
  await expect(page.getByText('Enabled: can sign in')).toBeVisible();
  await agentPage.getByRole('button', { name: 'Sign in' }).click();
  await expect(agentPage.locator('.account-name')).toContainText(robin.name);
  await agentContext.close();
});

test('an admin creates an expiring API token, sees it listed without its secret, and revokes it', async ({ page }) => {
  await signIn(page, ADMIN);
  page.on('dialog', (dialog) => void dialog.accept());
  await openAdminScreen(page, 'API tokens');
  await page.getByLabel('Name').fill('Nightly export');
  await page.getByLabel('Expires after (days)').fill('30');
  await page.getByRole('button', { name: 'Create token' }).click();
  const secret = page.getByLabel('The new token');
  await expect(secret).toHaveValue(/^hd_[\w-]{43}$/);
  const token = await secret.inputValue();
  const row = page.getByRole('row').filter({ hasText: 'Nightly export' });
  await expect(row).toContainText(ADMIN.email);
  await expect(row).toContainText('never'); // not used yet
  await expect(page.locator('table')).not.toContainText(token);
  await expectNoAxeViolations(page, 'api-tokens');

  const usersWith = () => fetch(`${hd.homeUrl}/api/helpdesk/v1/users/`, { headers: { authorization: `Bearer ${token}` } });
  expect((await usersWith()).status).toBe(200);
  await row.getByRole('button', { name: 'Revoke Nightly export' }).click();
  await expect(page.getByRole('row').filter({ hasText: 'Nightly export' })).toHaveCount(0);
  expect((await usersWith()).status).toBe(401);
});
