// Whatever the API can set, an admin sets in the admin app — the general settings (site name,
// "Anyone can register", brand colour, time zone, embed snippet) — and a password is set in a form field.
import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { ADMIN, AGENT, openAdminScreen, signInToAdmin, useAdminHelpdesk } from './admin-helpdesk.js';
import { axeViolations } from './axe.js';

const hd = useAdminHelpdesk();
test.use({ bypassCSP: false });

async function signIn(page: Page, who: { email: string; password: string; name: string }) {
  await signInToAdmin(page, hd.homeUrl, who);
}

test('Settings → General saves the site options; a wrong time zone is named at its field', async ({ page }) => {
  await signIn(page, ADMIN);
  await openAdminScreen(page, 'Settings');
  await page.getByRole('link', { name: 'General' }).click();
  await expect(page.locator('#embed-snippet')).toHaveValue(`<script src="${hd.homeUrl}/helpdesk/tickets/embed/" async></script>`);
  await page.getByLabel('Site name').fill('Acme Help');
  await page.getByLabel(/Anyone can register/).check();
  await page.getByLabel('Time zone of pages and mails').fill('Mars/Olympus');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('#time_zone-error')).toContainText('IANA time zone');
  await page.getByLabel('Time zone of pages and mails').fill('Europe/Berlin');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('General settings saved.')).toBeVisible();
  const stored = await hd.db
    .selectFrom('options')
    .select(['name', 'value'])
    .where('name', 'in', ['site_name', 'users_can_register', 'time_zone'])
    .execute();
  expect(Object.fromEntries(stored.map((o) => [o.name, JSON.parse(o.value)]))).toEqual({
    site_name: 'Acme Help',
    users_can_register: true,
    time_zone: 'Europe/Berlin',
  });
});

test('an admin sets an agent’s password in a form field, never a browser prompt', async ({ page, browser }) => {
  let dialogs = 0;
  page.on('dialog', (d) => {
    dialogs += 1;
    void d.dismiss();
  });
  await signIn(page, ADMIN);
  await openAdminScreen(page, 'Agents');
  await page.getByRole('button', { name: `Set password for ${AGENT.name}` }).click();
  const field = page.getByLabel(`New password for ${AGENT.name} (at least 10 characters)`);
  await expect(field).toHaveAttribute('type', 'password');
  await field.fill('a brand new agent password');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status')).toHaveText(`Password of ${AGENT.name} changed.`);
  expect(dialogs).toBe(0);
  const agentPage = await browser.newPage();
  await agentPage.goto(`${hd.homeUrl}/admin/`);
  await agentPage.getByLabel('Email').fill(AGENT.email);
  await agentPage.getByLabel('Password').fill('a brand new agent password');
  await agentPage.getByRole('button', { name: 'Sign in' }).click();
  await expect(agentPage.locator('.account-name')).toContainText(AGENT.name);
  await agentPage.close();
});

test.describe('axe', () => {
  test.use({ bypassCSP: true });
  test('the General settings tab has no violations', async ({ page }) => {
    await signIn(page, ADMIN);
    await page.goto(`${hd.homeUrl}/admin/settings/general`);
    await expect(page.getByLabel('Site name')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
});

test.describe('the top bar', () => {
  // axe is injected into the page.
  test.use({ bypassCSP: true });
  test('the top bar keeps to one line at 1280 px; the screens behind More open by keyboard, Escape closes it', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, ADMIN);
    const brand = await page.locator('.brand').boundingBox();
    const signOut = await page.getByRole('button', { name: 'Sign out' }).boundingBox();
    if (!brand || !signOut) throw new Error('the top bar is not shown');
    // One line: the bar's last item sits on the brand's row.
    expect(Math.abs(signOut.y + signOut.height / 2 - (brand.y + brand.height / 2))).toBeLessThan(brand.height / 2);

    const nav = page.getByRole('navigation', { name: 'Main' });
    const more = nav.getByRole('button', { name: 'More' });
    await expect(nav.getByRole('link', { name: 'Products', exact: true })).toBeHidden();
    await more.focus();
    await page.keyboard.press('Enter');
    await expect(more).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    // The first screen behind More takes the focus.
    await expect(nav.getByRole('link', { name: 'Clients', exact: true })).toBeFocused();
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(more).toBeFocused();
    await expect(nav.getByRole('link', { name: 'Products', exact: true })).toBeHidden();

    // Settings, last of the administration group, is reached by Tab alone (however many screens come before it).
    await page.keyboard.press('Enter');
    const settings = nav.getByRole('link', { name: 'Settings', exact: true });
    for (let i = 0; i < 30 && !(await settings.evaluate((el) => el === document.activeElement)); i += 1) await page.keyboard.press('Tab');
    await expect(settings).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(`${hd.homeUrl}/admin/settings`);
    await expect(more).toHaveAttribute('aria-expanded', 'false');
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test('the inbox at 390 px is a list of cards without sideways scrolling; the navigation folds behind Menu', async ({ page }) => {
    await hd.fileTicket('phone.client@client.test', 'A rather long subject line that would widen a table on a small screen');
    await signIn(page, ADMIN);
    await expect(page.getByRole('link', { name: /A rather long subject line/ })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Docs' })).toBeHidden();
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Docs' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Docs');
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Agents' })).toBeHidden();
  });
});

test.describe('dark mode', () => {
  test.use({ bypassCSP: true, colorScheme: 'dark' });
  test('the inbox and the General tab have no axe violations in dark mode', async ({ page }) => {
    // A ticket, so the inbox has its table (headers, pills) to check.
    await hd.fileTicket('dark.client@client.test', 'Seen in dark mode');
    await signIn(page, ADMIN);
    await expect(page.getByRole('link', { name: 'Seen in dark mode' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.goto(`${hd.homeUrl}/admin/settings/general`);
    await expect(page.getByLabel('Site name')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
});

test('an admin invites an agent, sees the invitation pending and resends it; the newest link welcomes the invitee into the admin', async ({
  browser,
}) => {
  // Two browsers, two mails, axe twice and a slow password hash: more than the default 30 s on a busy machine.
  test.setTimeout(90_000);
  // Both on a 360 px phone, the admin in dark mode; bypassCSP only so that axe can be injected.
  const phone = { viewport: { width: 360, height: 780 }, bypassCSP: true };
  const adminContext = await browser.newContext({ ...phone, colorScheme: 'dark' });
  const page = await adminContext.newPage();
  const sideways = async (p: Page) => p.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  const invitationsTo = async (count: number) =>
    (await hd.smtp.waitFor((m) => m.filter((x) => x.to.includes('ivy@staff.test')).length >= count, `${count} invitation(s)`)).filter((x) =>
      x.to.includes('ivy@staff.test'),
    );
  const linkIn = (text = '') => /https?:\/\/\S+\/login\/welcome\/\?token=[\w-]+/.exec(text)?.[0] ?? '';

  await signIn(page, ADMIN);
  await page.goto(`${hd.homeUrl}/admin/agents`);
  await page.getByLabel('Name', { exact: true }).fill('Ivy Invitee');
  await page.getByLabel('Email', { exact: true }).fill('ivy@staff.test');
  await page.getByRole('button', { name: 'Add agent' }).click();
  await expect(page.getByRole('status')).toHaveText('Ivy Invitee added and invited by email.');
  const row = page.getByRole('row').filter({ hasText: 'ivy@staff.test' });
  await expect(row).toContainText('not accepted yet');
  const [first] = await invitationsTo(1);
  expect(first?.subject).toContain('You are invited to');
  expect(await sideways(page)).toBeLessThanOrEqual(0);
  expect(await axeViolations(page)).toEqual([]);

  await row.getByRole('button', { name: 'Resend invitation to Ivy Invitee' }).click();
  await expect(page.getByRole('status')).toHaveText('New invitation sent to Ivy Invitee. The link sent before no longer works.');
  const [, second] = await invitationsTo(2);
  expect(linkIn(second?.text)).not.toBe(linkIn(first?.text));

  const inviteeContext = await browser.newContext(phone);
  const invitee = await inviteeContext.newPage();
  await invitee.goto(linkIn(first?.text));
  await expect(invitee.getByRole('heading', { level: 1 })).toHaveText('This invitation link no longer works');
  await invitee.goto(linkIn(second?.text));
  await expect(invitee.getByRole('heading', { level: 1 })).toHaveText('Choose your password');
  await expect(invitee.locator('main')).toContainText('Welcome to');
  await expect(invitee.locator('main')).not.toContainText(/old password/i);
  expect(await sideways(invitee)).toBeLessThanOrEqual(0);
  expect(await axeViolations(invitee)).toEqual([]);
  await invitee.getByLabel('Password (at least 10 characters)').fill('ivy chooses this password');
  await invitee.getByRole('button', { name: 'Save my password' }).click();
  await expect(invitee).toHaveURL(`${hd.homeUrl}/admin/`);
  await expect(invitee.locator('.account-name')).toContainText('Ivy Invitee');
  await inviteeContext.close();

  // Joined: no longer pending, nothing to resend.
  await page.reload();
  await expect(row).toBeVisible();
  await expect(row).not.toContainText('not accepted yet');
  await expect(row.getByRole('button', { name: /Resend invitation/ })).toHaveCount(0);

  // Another invitation, cancelled: the account is disabled and no longer waits.
  await page.getByLabel('Name', { exact: true }).fill('Cy Cancelled');
  await page.getByLabel('Email', { exact: true }).fill('cy@staff.test');
  await page.getByRole('button', { name: 'Add agent' }).click();
  const cyRow = page.getByRole('row').filter({ hasText: 'cy@staff.test' });
  await cyRow.getByRole('button', { name: 'Cancel invitation to Cy Cancelled' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'Invitation to Cy Cancelled cancelled: the link no longer works and the account is disabled.',
  );
  await expect(cyRow).toContainText('(disabled)');
  await expect(cyRow).not.toContainText('not accepted yet');
  await adminContext.close();

  // The chosen password signs in from another browser.
  const other = await browser.newContext();
  const fresh = await other.newPage();
  await fresh.goto(`${hd.homeUrl}/admin/`);
  await fresh.getByLabel('Email').fill('ivy@staff.test');
  await fresh.getByLabel('Password').fill('ivy chooses this password');
  await fresh.getByRole('button', { name: 'Sign in' }).click();
  await expect(fresh.locator('.account-name')).toContainText('Ivy Invitee');
  await other.close();
});
