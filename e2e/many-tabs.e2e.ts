// Many admin tabs in one browser: over HTTP/1.1 (as here) a browser opens at most 6 connections to a host,
// and a live-updates stream per tab held them all, so the seventh tab never loaded. The tabs of one account
// share one stream (a shared worker), which outlives the tab that opened it and tells a tab that joins who is
// present; signing out in one tab signs out the others and ends it, and the next account in the same
// browser gets a stream of its own.
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { ADMIN, AGENT, signInToAdmin, useAdminHelpdesk } from './admin-helpdesk.js';

const hd = useAdminHelpdesk();

const LIVE = { timeout: 2_000 };

/** Another tab of the admin app in `context` (signed in already), once it shows `who`. */
async function openTab(context: BrowserContext, who: { name: string }): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${hd.homeUrl}/admin/`);
  await expect(page.locator('.account-name')).toContainText(who.name, { timeout: 15_000 });
  return page;
}

/** Files a ticket and waits for it in `page`'s inbox, without a reload. */
async function arrivesLive(page: Page, name: string): Promise<void> {
  const subject = `${name} ${Date.now()}`;
  await hd.fileTicket(`tabs-${Date.now()}@client.test`, subject);
  await expect(page.getByRole('row').filter({ hasText: subject })).toBeVisible(LIVE);
}

test('eight tabs of one browser all load and share one stream, which outlives the tab that opened it', async ({ browser }) => {
  // Eight pages of the admin app load on the same two cores as the server: more than one case's usual time.
  test.slow();
  const context = await browser.newContext();
  const first = await context.newPage();
  await signInToAdmin(first, hd.homeUrl, AGENT);
  // Opened together, as a browser restoring its tabs would.
  const tabs = [first, ...(await Promise.all(Array.from({ length: 7 }, () => openTab(context, AGENT))))];
  await expect.poll(() => hd.openEventStreams()).toBe(1);

  const eighth = tabs[7] as Page;
  await expect(eighth.getByRole('heading', { name: 'Inbox' })).toBeVisible();
  await arrivesLive(eighth, 'Eighth tab hears it');

  // The tab that opened the stream goes; the others still hear, on the same one stream.
  await first.close();
  await arrivesLive(tabs[1] as Page, 'Still live after the first tab closed');
  await expect(eighth.getByRole('row').filter({ hasText: 'Still live after the first tab closed' })).toBeVisible(LIVE);
  expect(hd.openEventStreams()).toBe(1);
  await context.close();
  await expect.poll(() => hd.openEventStreams()).toBe(0);
});

test('signing out in one tab signs out the others and ends the stream; the next account gets its own', async ({ browser }) => {
  const context = await browser.newContext();
  const one = await context.newPage();
  await signInToAdmin(one, hd.homeUrl, ADMIN);
  const two = await openTab(context, ADMIN);
  await expect.poll(() => hd.openEventStreams()).toBe(1);

  await one.getByRole('button', { name: 'Sign out' }).click();
  await expect(two.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(two.locator('.account-name')).toHaveCount(0);
  await expect.poll(() => hd.openEventStreams()).toBe(0);

  // Another account signs in in the same browser: the other tab follows, and they share a stream of their own.
  await one.getByLabel('Email').fill(AGENT.email);
  await one.getByLabel('Password').fill(AGENT.password);
  await one.getByRole('button', { name: 'Sign in' }).click();
  await expect(one.locator('.account-name')).toContainText(AGENT.name, { timeout: 15_000 });
  await expect(two.locator('.account-name')).toContainText(AGENT.name);
  await arrivesLive(two, 'For the next account');
  expect(hd.openEventStreams()).toBe(1);
  await context.close();
});

test('without shared workers (Chrome on Android) each tab keeps a stream of its own', async ({ browser }) => {
  const context = await browser.newContext();
  await context.addInitScript(() => {
    Reflect.deleteProperty(window, 'SharedWorker');
  });
  const page = await context.newPage();
  await signInToAdmin(page, hd.homeUrl, AGENT);
  await openTab(context, AGENT);
  await expect.poll(() => hd.openEventStreams()).toBe(2);
  await arrivesLive(page, 'Heard without a shared worker');
  await context.close();
});

test('a tab opened later on a ticket shows who is there, from the stream the other tab opened', async ({ browser }) => {
  const id = await hd.fileTicket(`tabs-presence-${Date.now()}@client.test`, 'Who else is here');
  const context = await browser.newContext();
  const one = await context.newPage();
  await signInToAdmin(one, hd.homeUrl, AGENT);
  await one.goto(`${hd.homeUrl}/admin/tickets/${await hd.ticketNumber(id)}`);
  // Said once (no renewal for 30 s): a later tab can only know it from what the shared stream heard.
  await hd.api('POST', `/tickets/${id}/presence`, { state: 'viewing' });
  await expect(one.getByTestId('presence')).toHaveText(`${ADMIN.name} is viewing`, LIVE);

  const two = await context.newPage();
  await two.goto(`${hd.homeUrl}/admin/tickets/${await hd.ticketNumber(id)}`);
  await expect(two.getByTestId('presence')).toHaveText(`${ADMIN.name} is viewing`, LIVE);
  expect(hd.openEventStreams()).toBe(1);
  await context.close();
});
