import { expect, test } from '@playwright/test';
import { ADMIN, AGENT, signInToAdmin, useAdminHelpdesk } from './admin-helpdesk.js';
import { expectAxeCleanLightAndDark } from './axe.js';
import { expectNoHorizontalOverflow, expectRtl } from './rtl-checks.js';
import { takeShot } from './shot-path.js';

const hd = useAdminHelpdesk();
test.use({ bypassCSP: true }); // only so that axe can be injected

test('an agent copies a client in, follows, adds a colleague, and the colleague’s open ticket follows', async ({
  page,
  browser,
}, testInfo) => {
  // Two signed-in browsers, axe in two colour schemes and three screenshots.
  test.setTimeout(90_000);
  const id = await hd.fileTicket('nina@north.test', 'Copy my colleague on this');
  const number = await hd.ticketNumber(id);
  const colleague = await browser.newContext();
  const agentPage = await colleague.newPage();
  await signInToAdmin(agentPage, hd.homeUrl, AGENT);
  await agentPage.goto(`${hd.homeUrl}/admin/tickets/${number}`);
  const theirPanel = agentPage.getByTestId('participants');
  await expect(theirPanel.getByText('No one is copied in.')).toBeVisible();

  await signInToAdmin(page, hd.homeUrl, ADMIN);
  await page.goto(`${hd.homeUrl}/admin/tickets/${number}`);
  const panel = page.getByTestId('participants');
  await expect(panel.getByRole('heading', { name: 'People copied in' })).toBeVisible();
  await expect(panel.getByRole('heading', { name: 'Copied in (0 of 48)' })).toBeVisible();

  // A bad address is said in words and nothing is sent.
  await panel.getByLabel('Email address to copy in').fill('omar at north');
  await panel.getByRole('button', { name: 'Copy in' }).click();
  await expect(panel.getByRole('alert')).toHaveText('“omar at north” is not an email address: write it like name@example.com.');

  await panel.getByLabel('Email address to copy in').fill('omar@north.test');
  await panel.getByRole('button', { name: 'Copy in' }).click();
  await expect(panel.getByRole('button', { name: 'Remove omar' })).toBeVisible();
  await expect(panel.getByLabel('Email address to copy in')).toHaveValue('');
  await expect(page.getByText('Ada Admin copied in omar')).toBeVisible();
  // The colleague's open ticket shows it without a reload, panel and activity line alike.
  await expect(theirPanel.getByText('omar@north.test')).toBeVisible();
  await expect(agentPage.getByText('Ada Admin copied in omar')).toBeVisible();

  await panel.getByRole('button', { name: 'Follow', exact: true }).click();
  await expect(panel.getByRole('button', { name: 'Unfollow' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('Ada Admin followed the ticket')).toBeVisible();
  await panel.getByLabel('Colleague to add as a follower').selectOption({ label: AGENT.name });
  await panel.getByRole('button', { name: 'Add follower' }).click();
  await expect(panel.getByRole('button', { name: `Remove ${AGENT.name}` })).toBeVisible();
  await expect(page.getByText(`Ada Admin added ${AGENT.name} as a follower`)).toBeVisible();
  await expect(theirPanel.getByRole('button', { name: 'Unfollow' })).toBeVisible();

  await expectAxeCleanLightAndDark(page, 'the ticket with people copied in and following');
  await takeShot(page, testInfo, 'ticket-people-copied-in.png');

  await panel.getByRole('button', { name: 'Remove omar' }).click();
  await expect(panel.getByText('No one is copied in.')).toBeVisible();
  await expect(page.getByText('Ada Admin took omar off the copies')).toBeVisible();
  await expect(theirPanel.getByText('No one is copied in.')).toBeVisible();
  await panel.getByRole('button', { name: 'Unfollow' }).click();
  await expect(panel.getByRole('button', { name: 'Follow', exact: true })).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByText('Ada Admin stopped following the ticket')).toBeVisible();
  await colleague.close();

  await page.setViewportSize({ width: 390, height: 800 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectNoHorizontalOverflow(page);
  await panel.scrollIntoViewIfNeeded();
  await takeShot(page, testInfo, 'ticket-people-phone-dark.png');
  await page.emulateMedia({ colorScheme: null });

  await hd.api('PATCH', '/users/me', { language: 'ar' });
  await page.reload();
  await expect(panel.getByRole('heading', { name: 'الأشخاص في النسخة' })).toBeVisible();
  await expectRtl(page);
  await expectNoHorizontalOverflow(page);
  await takeShot(page, testInfo, 'ticket-people-arabic-phone.png');
  await hd.api('PATCH', '/users/me', { language: 'en' });
});

test('the inbox filters by organisation, and attributes are edited on a profile and an organisation', async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  const org = await hd.api<{ id: number }>('POST', '/organisations/', { name: 'Southwind', domains: ['south.test'] });
  const id = await hd.fileTicket('sam@south.test', 'Southern ticket');
  await hd.fileTicket('someone@else.test', 'Ticket of no organisation');
  await signInToAdmin(page, hd.homeUrl, ADMIN);
  await expect(page.getByRole('link', { name: 'Ticket of no organisation' })).toBeVisible();
  await page.getByLabel('Organisation', { exact: true }).selectOption({ label: 'Southwind' });
  await expect(page.getByRole('link', { name: 'Ticket of no organisation' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Southern ticket' })).toBeVisible();
  expect(new URL(page.url()).searchParams.get('organisation')).toBe(String(org.id));
  await expectAxeCleanLightAndDark(page, 'the inbox filtered by organisation');
  await takeShot(page, testInfo, 'inbox-by-organisation.png');

  const ticket = await hd.api<{ client: { id: number } }>('GET', `/tickets/${id}`);
  await page.goto(`${hd.homeUrl}/admin/clients/${ticket.client.id}`);
  const attributes = page.getByTestId('attributes');
  await expect(attributes.getByText('No attributes yet.')).toBeVisible();
  await attributes.getByRole('button', { name: 'Add attribute' }).click();
  await attributes.getByLabel('Name of attribute 1').fill('Plan');
  await attributes.getByLabel('Value of attribute 1').fill('Gold');
  await attributes.getByRole('button', { name: 'Add attribute' }).click();
  await attributes.getByLabel('Name of attribute 2').fill('plan');
  await attributes.getByLabel('Value of attribute 2').fill('Silver');
  await attributes.getByRole('button', { name: 'Save attributes' }).click();
  await expect(attributes.getByRole('alert')).toHaveText('The name “plan” is used twice (names ignore case): keep one.');
  await attributes.getByRole('button', { name: 'Remove attribute 2' }).click();
  await attributes.getByRole('button', { name: 'Save attributes' }).click();
  await expect(attributes.getByText('Attributes saved.')).toBeVisible();
  expect((await hd.api<{ attributes: object }>('GET', `/clients/${ticket.client.id}`)).attributes).toEqual({ Plan: 'Gold' });
  await page.reload();
  await expect(attributes.getByLabel('Value of attribute 1')).toHaveValue('Gold');
  await expectAxeCleanLightAndDark(page, 'a client’s profile with attributes');

  await page.goto(`${hd.homeUrl}/admin/organisations/${org.id}`);
  await attributes.getByRole('button', { name: 'Add attribute' }).click();
  await attributes.getByLabel('Name of attribute 1').fill('Region');
  await attributes.getByLabel('Value of attribute 1').fill('EU');
  await attributes.getByRole('button', { name: 'Save attributes' }).click();
  await expect(attributes.getByText('Attributes saved.')).toBeVisible();
  expect((await hd.api<{ attributes: object }>('GET', `/organisations/${org.id}`)).attributes).toEqual({ Region: 'EU' });
  await page.setViewportSize({ width: 390, height: 800 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectNoHorizontalOverflow(page);
  await takeShot(page, testInfo, 'organisation-attributes-phone-dark.png');
});
