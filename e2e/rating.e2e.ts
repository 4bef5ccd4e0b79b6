// "Did this solve it?" in Chromium: an agent resolves a ticket, the client's mail arrives at a real SMTP
// server, the client opens "No, not yet" from it, adds a comment and sends; the signed-in agent's bell
// counts up by itself, and the ticket it opens is reopened with the answer and the comment in its thread
// (opening it reads its lines); the satisfaction figure beside the inbox's title follows.
import { expect, type Page, test } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { AGENT, signInToAdmin, useAdminHelpdesk } from './admin-helpdesk.js';
import { axeViolations } from './axe.js';

const hd = useAdminHelpdesk();

// Live changes are awaited with this bound, never with a sleep.
const LIVE = { timeout: 2_000 };

test('the client answers "No, not yet" from the mail; the agent sees the bell, the reopened ticket and the comment', async ({
  browser,
}) => {
  const email = `rating-${Date.now()}@client.test`;
  const id = await hd.fileTicket(email, 'Refund never arrived');
  const agent = await hd.db.selectFrom('users').select('id').where('email', '=', AGENT.email).executeTakeFirstOrThrow();

  // The agent is signed in, the admin's notification list is not the agent's.
  const agentPage: Page = await (await browser.newContext({ bypassCSP: true })).newPage();
  await signInToAdmin(agentPage, hd.homeUrl, AGENT);

  await hd.api('PATCH', `/tickets/${id}`, { assignee: agent.id });
  await hd.api('PATCH', `/tickets/${id}`, { status: 'resolved' });
  // New ticket and assigned to them: two lines, counted without a reload.
  await expect(agentPage.getByTestId('notification-count')).toContainText('2');

  const isAsk = (m: { to: string[]; text: string }) => m.to.includes(email) && m.text.includes('Did this solve it?');
  const mail = (await hd.smtp.waitFor((all) => all.some(isAsk), 'the resolved mail')).find(isAsk);
  const parsed = await simpleParser(mail?.raw ?? '');
  const no = /href="([^"]+\/rating\/\?token=[^"]+\.no\.[^"]+)"/.exec(String(parsed.html))?.[1]?.replace(/&amp;/g, '&');
  expect(no?.startsWith(`${hd.homeUrl}/rating/?token=`)).toBe(true);

  // The client, not signed in, follows the link: a page, nothing recorded until they send.
  const client = await (await browser.newContext({ bypassCSP: true })).newPage();
  await client.goto(no as string);
  await expect(client.getByRole('heading', { name: 'Did this solve it?' })).toBeVisible();
  await expect(client.getByText('Your answer: No, not yet')).toBeVisible();
  expect(await axeViolations(client)).toEqual([]);
  await client.getByLabel('What is still not working? (optional)').fill('The refund is still not on my card.');
  await client.getByRole('button', { name: 'Send my answer' }).click();
  await expect(client.getByRole('heading', { name: 'Thank you' })).toBeVisible();
  await expect(client.getByText('We reopened your ticket')).toBeVisible();
  expect(await axeViolations(client)).toEqual([]);

  // The agent's bell follows by itself; its line opens the ticket, reopened, with the answer and comment.
  await expect(agentPage.getByTestId('notification-count')).toContainText('3', LIVE);
  // The figure beside the inbox's title follows too (there was no answer before: no figure).
  await expect(agentPage.getByTestId('satisfaction-mini')).toHaveText('0% satisfied (last 30 days)', LIVE);
  await agentPage.getByTestId('notification-bell').click();
  const panel = agentPage.getByRole('region', { name: 'Notifications' });
  await expect(panel.getByRole('link', { name: /The client answered/ })).toBeVisible();
  expect(await axeViolations(agentPage)).toEqual([]);
  await panel.getByRole('link', { name: /The client answered/ }).click();
  await expect(agentPage).toHaveURL(`${hd.homeUrl}/admin/tickets/${await hd.ticketNumber(id)}`);
  await expect(agentPage.getByTestId('ticket-status')).toHaveText('Open');
  const answer = agentPage.getByTestId('rating-event');
  await expect(answer).toContainText('answered “No, not yet”');
  await expect(answer).toContainText('The refund is still not on my card.');
  // Opening the ticket read all three of its lines (new, assigned, answered): the bell has none left.
  await expect(agentPage.getByTestId('notification-count')).toHaveCount(0);
  expect(await axeViolations(agentPage)).toEqual([]);

  // The figure and the agent's own mail choices, both axe-clean.
  await agentPage.getByRole('link', { name: 'Satisfaction' }).click();
  await expect(agentPage.getByTestId('satisfaction')).toContainText('0% said “Yes, solved”');
  expect(await axeViolations(agentPage)).toEqual([]);
  await agentPage.goto(`${hd.homeUrl}/admin/notifications`);
  const choice = agentPage.getByLabel('Each new ticket');
  await expect(choice).toBeChecked();
  await choice.uncheck();
  await expect(agentPage.getByRole('status')).toHaveText('Saved.');
  expect(await axeViolations(agentPage)).toEqual([]);
});
