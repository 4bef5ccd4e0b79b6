// Saved replies with placeholders inserted by typing in the composer, "Send and set Resolved",
// and the keyboard shortcuts (j/k/Enter in the inbox, r/n on a ticket, ? for help, Esc), axe on each new part.
import { expect, type Page, test } from '@playwright/test';
import { AGENT, signInToAdmin, useAdminHelpdesk } from './admin-helpdesk.js';
import { expectNoAxeViolations } from './axe.js';

const hd = useAdminHelpdesk();
test.use({ bypassCSP: true }); // only so that axe can be injected

let counter = 0;
const newEmail = () => `saved-replies${++counter}-${Date.now()}@client.test`;

async function signIn(page: Page) {
  await signInToAdmin(page, hd.homeUrl, AGENT);
}

test('a saved reply with placeholders is found by typing "/", filled for the ticket, and sent with "Send and set Resolved"', async ({
  page,
}) => {
  await signIn(page);
  await page.getByRole('link', { name: 'Saved replies' }).click();
  await page.getByLabel('Title').fill('Welcome back');
  await page
    .getByLabel('Reply (Markdown)')
    .fill(
      'Hi ##client_name##,\n\nticket ###ticket_id## ("##ticket_subject##") is fixed. ##agent_name##, ##site_name## ##not_a_placeholder##',
    );
  await page.getByRole('button', { name: 'Add saved reply' }).click();
  await expect(page.getByRole('cell', { name: 'Welcome back', exact: true })).toBeVisible();
  await expect(page.getByText('##client_name## — the client’s name')).toBeVisible();
  await expectNoAxeViolations(page, 'saved replies screen');

  const id = await hd.fileTicket(newEmail(), 'Export button');
  const { number } = await hd.api<{ number: number }>('GET', `/tickets/${id}`);
  await page.goto(`${hd.homeUrl}/admin/tickets/${await hd.ticketNumber(id)}`);
  const composer = page.getByLabel('Reply', { exact: true });
  await composer.click();
  await page.keyboard.type('/');
  const search = page.getByRole('combobox', { name: 'Find a saved reply' });
  await expect(search).toBeFocused();
  await page.keyboard.type('welcome');
  await expect(page.getByRole('option', { name: /Welcome back/ })).toHaveAttribute('aria-selected', 'true');
  await expect(search).toHaveAttribute('aria-activedescendant', /.+/);
  await expectNoAxeViolations(page, 'saved replies list in the composer');
  await page.keyboard.press('Enter');
  const filled = `Hi Casey Client,\n\nticket #${number} ("Export button") is fixed. ${AGENT.name}, Helpdesk ##not_a_placeholder##`;
  await expect(composer).toHaveValue(filled);
  await expect(composer).toBeFocused();
  // Nothing was sent by choosing it.
  expect((await hd.api<{ comments: unknown[] }>('GET', `/tickets/${id}`)).comments).toEqual([]);

  await expect(page.getByLabel('After sending, move the ticket to')).toHaveValue('resolved');
  await page.getByRole('button', { name: 'Send and set Resolved' }).click();
  await expect(page.getByTestId('ticket-status')).toHaveText('Resolved');
  await expect(page.locator('.message.from-agent')).toContainText(`ticket #${number} ("Export button") is fixed.`);
  const ticket = await hd.api<{
    status: { slug: string };
    events: Array<{ field: string | null; automatic: boolean; by: { name: string } }>;
  }>('GET', `/tickets/${id}`);
  expect(ticket.status.slug).toBe('resolved');
  expect(ticket.events.filter((e) => e.field === 'status').map((e) => [e.automatic, e.by.name])).toEqual([[false, AGENT.name]]);
});

test('keyboard shortcuts: j/k move through the inbox, Enter opens, r and n pick the composer, ? shows help, Esc closes it', async ({
  page,
}) => {
  await hd.fileTicket(newEmail(), 'Older shortcut ticket');
  await hd.fileTicket(newEmail(), 'Newer shortcut ticket');
  await signIn(page);
  const subjects = page.locator('.tickets a.subject');
  await expect(subjects.nth(1)).toBeVisible();
  await page.keyboard.press('j');
  await expect(subjects.nth(0)).toBeFocused();
  await page.keyboard.press('j');
  await expect(subjects.nth(1)).toBeFocused();
  await page.keyboard.press('k');
  await expect(subjects.nth(0)).toBeFocused();
  // Typing in a field never fires a shortcut.
  await page.getByLabel('Search tickets').fill('jk');
  await expect(page.getByLabel('Search tickets')).toBeFocused();
  await expect(page.getByLabel('Search tickets')).toHaveValue('jk');

  await subjects.nth(0).focus();
  const title = await subjects.nth(0).textContent();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(title ?? '');

  const composer = page.locator('#composer-text');
  await page.keyboard.press('n');
  await expect(page.getByRole('textbox', { name: 'Internal note' })).toBeFocused();
  await expect(page.getByRole('radio', { name: 'Internal note' })).toBeChecked();
  await page.keyboard.type('rn a/b');
  // Typed text stays text: no shortcut, and a slash inside a line is a slash, not the saved replies.
  await expect(composer).toHaveValue('rn a/b');
  await expect(page.getByRole('combobox', { name: 'Find a saved reply' })).toHaveCount(0);
  await page.getByRole('heading', { level: 1 }).click();
  await page.keyboard.press('r');
  await expect(composer).toBeFocused();
  await expect(page.getByRole('radio', { name: 'Reply to client' })).toBeChecked();

  await page.getByRole('heading', { level: 1 }).click();
  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toBeVisible();
  // A header row and one per shortcut (keyboard-shortcuts.ts).
  await expect(help.getByRole('row')).toHaveCount(12);
  await expectNoAxeViolations(page, 'keyboard shortcuts help');
  // While the dialog is open, the page's shortcuts rest.
  await page.keyboard.press('n');
  await expect(page.getByRole('radio', { name: 'Reply to client' })).toBeChecked();
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();
});
