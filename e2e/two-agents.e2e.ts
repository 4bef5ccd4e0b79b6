// Two agents on one ticket, each in their own browser: the second never silently overwrites the first.
// A's reply and close reach B's stale page as a 409 that the admin app shows before anything is sent,
// even when no live update arrives.
import { type Browser, expect, type Page, test } from '@playwright/test';
import { ADMIN, AGENT, signInToAdmin, useAdminHelpdesk } from './admin-helpdesk.js';
import { axeViolations } from './axe.js';

// Two browsers, two sign-ins (a deliberately slow hash) and a helpdesk on two shared cores: a case took 26 s
// of the default 30 once with another file's worker beside it.
test.describe.configure({ timeout: 60_000 });

const hd = useAdminHelpdesk();

async function signedIn(browser: Browser, who: { email: string; password: string; name: string }): Promise<Page> {
  // CSP bypassed only so that axe itself can be injected.
  const page = await (await browser.newContext({ bypassCSP: true })).newPage();
  // Live updates cut off (a dropped connection, a proxy that buffers): the version check alone must still
  // keep a stale page from overwriting a colleague. e2e/live-updates.e2e.ts has the pages kept current.
  // The tab opens a stream of its own when the browser has no shared workers: that one's request is the page's
  // to block (a shared worker's requests are not).
  await page.addInitScript(() => Reflect.deleteProperty(window, 'SharedWorker'));
  await page.route('**/api/helpdesk/v1/events', (route) => route.abort());
  await signInToAdmin(page, hd.homeUrl, who);
  return page;
}

test('B sees what A did before sending, keeps the draft, and the activity log names who closed it', async ({ browser }) => {
  const id = await hd.fileTicket(`two-agents-${Date.now()}@client.test`, 'Order never arrived');
  const [a, b] = await Promise.all([signedIn(browser, ADMIN), signedIn(browser, AGENT)]);
  const number = await hd.ticketNumber(id);
  await Promise.all([a.goto(`${hd.homeUrl}/admin/tickets/${number}`), b.goto(`${hd.homeUrl}/admin/tickets/${number}`)]);
  await expect(b.getByTestId('ticket-status')).toHaveText('Open');

  // A answers and closes.
  await a.getByLabel('Reply', { exact: true }).fill('It was delivered to your neighbour.');
  await a.getByRole('button', { name: 'Send reply' }).click();
  await expect(a.getByText('Reply sent.')).toBeVisible();
  await a.getByLabel('Status').selectOption('closed');
  await expect(a.getByTestId('ticket-status')).toHaveText('Closed');

  // B, still on the old page, writes a contradicting reply: nothing is sent, B is told what happened.
  await b.getByLabel('Reply', { exact: true }).fill('We are still looking into it.');
  await b.getByRole('button', { name: 'Send reply' }).click();
  const notice = b.getByRole('alertdialog', { name: 'This ticket changed since you began this reply.' });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText(`${ADMIN.name} replied`);
  await expect(notice).toContainText(`${ADMIN.name} set the status to Closed`);
  expect(await axeViolations(b)).toEqual([]);
  if (process.env.ADMIN_SCREENSHOTS)
    await b.screenshot({ path: `${process.env.ADMIN_SCREENSHOTS}/two-agents-conflict.png`, fullPage: true });
  const stored = await hd.api<{ comments: Array<{ text: string }> }>('GET', `/tickets/${id}`);
  expect(stored.comments.map((c) => c.text)).toEqual(['It was delivered to your neighbour.']);

  // B reviews first: A's reply and the close appear, the draft stays; then B sends for real.
  await notice.getByRole('button', { name: 'Review first' }).click();
  await expect(b.getByTestId('ticket-status')).toHaveText('Closed');
  await expect(b.getByText('It was delivered to your neighbour.')).toBeVisible();
  await expect(b.getByTestId('thread-event').filter({ hasText: `${ADMIN.name} set the status to Closed` })).toBeVisible();
  await expect(b.getByLabel('Reply', { exact: true })).toHaveValue('We are still looking into it.');
  await b.getByLabel('Reply', { exact: true }).fill('Glad it turned up!');
  await b.getByRole('button', { name: 'Send reply' }).click();
  await expect(b.getByText('Reply sent.')).toBeVisible();

  // A's page is now stale: changing the urgency shows B's reply, and "Save anyway" applies it.
  await a.getByLabel('Urgency').selectOption('high');
  const aNotice = a.getByRole('alertdialog');
  await expect(aNotice).toContainText(`${AGENT.name} replied`);
  await aNotice.getByRole('button', { name: 'Save urgency anyway' }).click();
  await expect(a.getByText('Urgency saved.')).toBeAttached();
  const after = await hd.api<{
    urgency: { slug: string };
    events: Array<{ field: string | null; to: string | null; by: { name: string } }>;
  }>('GET', `/tickets/${id}`);
  expect(after.urgency.slug).toBe('high');
  expect(after.events.find((e) => e.field === 'status' && e.to === 'Closed')?.by.name).toBe(ADMIN.name);
});

test("a stale page's change goes through when only a note came in between, and asks when the same field changed", async ({ browser }) => {
  const id = await hd.fileTicket(`two-agents-fields-${Date.now()}@client.test`, 'Wrong colour');
  const [a, b] = await Promise.all([signedIn(browser, ADMIN), signedIn(browser, AGENT)]);
  const number = await hd.ticketNumber(id);
  await Promise.all([a.goto(`${hd.homeUrl}/admin/tickets/${number}`), b.goto(`${hd.homeUrl}/admin/tickets/${number}`)]);
  await expect(b.getByTestId('ticket-status')).toHaveText('Open');

  // A's internal note does not make B's urgency wrong: saved against the newer version, no question.
  await a.getByLabel('Internal note', { exact: true }).check();
  await a.getByRole('textbox', { name: 'Internal note' }).fill('Supplier mixed up the batch.');
  await a.getByRole('button', { name: 'Add note' }).click();
  await expect(a.locator('.message.internal')).toContainText('Supplier mixed up the batch.');
  await b.getByLabel('Urgency').selectOption('high');
  await expect(b.getByText('Urgency saved.')).toBeAttached();
  await expect(b.getByRole('alertdialog')).toHaveCount(0);

  // A sets the urgency B just set; B, not knowing, sets it again: the same field, so B is asked.
  await a.reload();
  await a.getByLabel('Urgency').selectOption('low');
  await expect(a.getByText('Urgency saved.')).toBeAttached();
  await b.getByLabel('Urgency').selectOption('urgent');
  const same = b.getByRole('alertdialog', { name: 'This ticket changed since you opened it.' });
  await expect(same).toContainText(`${ADMIN.name} set the urgency to Low`);
  await same.getByRole('button', { name: 'Review first' }).click();
  await expect(b.getByLabel('Urgency')).toHaveValue('low');

  // A sets the assignee; B, still not knowing, sets another: B is asked, and A's choice stands until B decides.
  await a.getByLabel('Assignee').selectOption({ label: ADMIN.name });
  await expect(a.getByText('Assignee saved.')).toBeAttached();
  await b.getByLabel('Assignee').selectOption({ label: AGENT.name });
  const notice = b.getByRole('alertdialog', { name: 'This ticket changed since you opened it.' });
  await expect(notice).toContainText(`${ADMIN.name} set the assignee to ${ADMIN.name}`);
  expect((await hd.api<{ assignee: { name: string } }>('GET', `/tickets/${id}`)).assignee.name).toBe(ADMIN.name);
  await notice.getByRole('button', { name: 'Save assignee anyway' }).click();
  await expect(b.getByText('Assignee saved.')).toBeAttached();
  expect((await hd.api<{ assignee: { name: string }; urgency: { slug: string } }>('GET', `/tickets/${id}`)).assignee.name).toBe(AGENT.name);
});
