// Times and text read the same on both sides: the admin app shows dates with times in the site's time zone
// (never the browser's), as the help site does; a client's Markdown renders as an agent's does, through the one
// renderer and sanitiser, with their HTML kept as text; "Mark as solved" waits for an agent's answer.
import { type Browser, expect, type Page, test } from '@playwright/test';
import { ADMIN, signInToAdmin, useAdminHelpdesk } from './admin-helpdesk.js';

const hd = useAdminHelpdesk();
// The browser is in Los Angeles, the site in Auckland: a time shown in the browser's zone would be a day off.
test.use({ timezoneId: 'America/Los_Angeles', locale: 'en-US' });

let counter = 0;
const newEmail = () => `times-text${++counter}-${Date.now()}@client.test`;

async function clientPage(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext({ timezoneId: 'America/Los_Angeles', locale: 'en-US' });
  await context.addCookies([{ name: 'hd_session', value: await hd.clientSession(email), url: `${hd.homeUrl}/` }]);
  return context.newPage();
}

/** An agent's public reply through the API, as the admin. */
const answer = (id: number, text: string) => hd.api('POST', `/tickets/${id}/comments`, { text });

test("the inbox, the thread and the notifications show the date and the time in the site's zone, as the help site does", async ({
  page,
  browser,
}) => {
  // 01:05 UTC on 2 December 2026 is 14:05 the same day in Auckland (daylight saving) and 17:05 on 1 December in LA.
  const at = '2026-12-02T01:05:00.000Z';
  const shown = '2 Dec 2026, 14:05';
  await hd.api('PATCH', '/../../site/v1/options', { time_zone: 'Pacific/Auckland' });
  const email = newEmail();
  const id = await hd.fileTicket(email, 'Clock on the invoice');
  await answer(id, 'Checking the clock.');
  await hd.db.updateTable('posts').set({ created_at: at, updated_at: at }).where('id', '=', id).execute();
  await hd.db.updateTable('comments').set({ created_at: at }).where('post_id', '=', id).execute();
  const admin = await hd.db.selectFrom('users').select('id').where('email', '=', ADMIN.email).executeTakeFirstOrThrow();
  await hd.db
    .insertInto('notifications')
    .values({ user_id: admin.id, kind: 'ticket_created', ticket_id: id, comment_id: null, created_at: at })
    .execute();

  await signInToAdmin(page, hd.homeUrl, ADMIN);
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'Clock on the invoice' }) });
  const inInbox = row.locator('time');
  await expect(inInbox).toHaveText(new RegExp(`^${shown} `));
  await expect(inInbox).toHaveAttribute('datetime', at);
  await expect(inInbox).toHaveAttribute('title', /Pacific\/Auckland/);

  await page.getByTestId('notification-bell').click();
  await expect(page.getByRole('region', { name: 'Notifications' }).locator(`time[datetime="${at}"]`)).toHaveText(new RegExp(`^${shown} `));
  await page.keyboard.press('Escape');

  await row.getByRole('link', { name: 'Clock on the invoice' }).click();
  await expect(page.locator('.ticket-main > p.muted', { hasText: 'opened' }).locator('time')).toHaveText(new RegExp(`^${shown} `));
  const heads = page.getByRole('list', { name: 'Conversation' }).locator('.message-head time');
  await expect(heads).toHaveCount(2);
  for (const head of await heads.all()) await expect(head).toHaveText(new RegExp(`^${shown} `));
  const adminText = await page.locator('.ticket-main > p.muted', { hasText: 'opened' }).locator('time').textContent();

  // The client's page shows the very same words.
  const client = await clientPage(browser, email);
  await client.goto(`${hd.homeUrl}/tickets/?ticket=${await hd.ticketNumber(id)}`);
  await expect(client.locator('.thread-meta time').first()).toHaveText(adminText ?? '');
  await client.goto(`${hd.homeUrl}/tickets/`);
  await expect(client.locator('.ticket-list time')).toHaveText(adminText ?? '');
  await client.context().close();
  await hd.api('PATCH', '/../../site/v1/options', { time_zone: 'UTC' });
});

test("a client's Markdown reads as an agent's, in the admin thread and on the help site; their HTML stays text", async ({
  page,
  browser,
}) => {
  const email = newEmail();
  const id = await hd.fileTicket(email, 'Export fails', { description: 'Steps:\n\n- **open** the report\n- press Export' });
  const client = await clientPage(browser, email);
  const attacks: string[] = [];
  client.on('dialog', (d) => {
    attacks.push(d.message());
    void d.dismiss();
  });
  await client.goto(`${hd.homeUrl}/tickets/?ticket=${await hd.ticketNumber(id)}`);
  await client
    .getByLabel('Your reply')
    .fill(
      'Still **broken** here:\n\n1. first try\n2. second try\n\n<script>alert("script")</script>\n<img src=x onerror="alert(\'img\')">',
    );
  await client.getByRole('button', { name: 'Send reply' }).click();
  const thread = client.locator('ol.thread');
  await expect(thread.locator('.from-client .thread-text strong')).toHaveText(['open', 'broken']);
  await expect(thread.locator('.from-client .thread-text li')).toHaveText(['open the report', 'press Export', 'first try', 'second try']);
  await expect(thread).toContainText('<script>alert("script")</script>');
  await expect(thread).toContainText(`<img src=x onerror="alert('img')">`);
  expect(await thread.locator('script, img').count()).toBe(0);

  await signInToAdmin(page, hd.homeUrl, ADMIN);
  await page.goto(`${hd.homeUrl}/admin/tickets/${await hd.ticketNumber(id)}`);
  const conversation = page.getByRole('list', { name: 'Conversation' });
  await expect(conversation.locator('.from-client .message-body strong')).toHaveText(['open', 'broken']);
  await expect(conversation.locator('.from-client .message-body li')).toHaveText([
    'open the report',
    'press Export',
    'first try',
    'second try',
  ]);
  await expect(conversation).toContainText(`<img src=x onerror="alert('img')">`);
  expect(await conversation.locator('.message-body script, .message-body img').count()).toBe(0);
  // Given a moment to run, had they been markup.
  await client.reload();
  await expect(client.locator('.from-client .thread-text strong').first()).toBeVisible();
  expect(attacks).toEqual([]);
  await client.context().close();
});

test('"Mark as solved" is offered only once an agent has answered', async ({ browser }) => {
  const email = newEmail();
  const id = await hd.fileTicket(email, 'Printer offline');
  const client = await clientPage(browser, email);
  await client.goto(`${hd.homeUrl}/tickets/?ticket=${await hd.ticketNumber(id)}`);
  await expect(client.getByRole('button', { name: 'Send reply' })).toBeVisible();
  await expect(client.getByRole('button', { name: 'Mark as solved' })).toHaveCount(0);

  await answer(id, 'Please switch it off and on.');
  await client.reload();
  await client.getByRole('button', { name: 'Mark as solved' }).click();
  await expect(client.getByText('The ticket is marked solved')).toBeVisible();
  await expect(client.getByRole('button', { name: 'Mark as solved' })).toHaveCount(0);
  await client.context().close();
});
