// The admin app's incoming-mail panel (Settings → Emails) in Chromium against the real helpdesk: the
// reader's status, a failed mail with its reason and a retry that imports it, and "send a test mail".
import { expect, test } from '@playwright/test';
import { composeMail } from '../server/test/compose-mail.js';
import { ADMIN, signInToAdmin, useAdminHelpdesk } from './admin-helpdesk.js';
import { axeViolations } from './axe.js';

test.use({ bypassCSP: true }); // only so that axe can be injected

const hd = useAdminHelpdesk();

test('a failed incoming mail shows with its reason and a retry imports it; a test mail reaches the admin', async ({ page }) => {
  const raw = await composeMail({ from: 'newcomer@client.test', to: 'support@help.test', subject: 'Locked out', text: 'Please help.' });
  // As the import left it while accounts could not be made (they can now: the helper turns them on).
  await hd.db
    .insertInto('inbound_mails')
    .values({
      message_id: `<e2e-${Date.now()}@client.test>`,
      sender: 'newcomer@client.test',
      subject: 'Locked out',
      outcome: 'rejected',
      reason: 'Only existing accounts can file tickets.',
      ticket_id: null,
      comment_id: null,
      raw,
      source: 'imap',
      created_at: new Date().toISOString(),
    })
    .execute();

  await signInToAdmin(page, hd.homeUrl, ADMIN);
  await page.goto(`${hd.homeUrl}/admin/settings/emails`);
  const panel = page.getByRole('region', { name: 'Incoming mail status' });
  await expect(panel.getByRole('row', { name: /newcomer@client\.test Locked out Only existing accounts/ })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  await panel.getByRole('button', { name: 'Retry' }).click();
  await expect(panel.getByRole('status')).toHaveText(/^Imported into ticket #\d+\.$/);
  await expect(panel.getByText('None.')).toBeVisible();

  await panel.getByRole('button', { name: 'Send a test mail to me' }).click();
  await expect(panel.getByRole('status')).toHaveText(`Test mail sent to ${ADMIN.email}.`);
  await hd.smtp.waitFor(
    (messages) => messages.some((m) => m.to.includes(ADMIN.email) && m.subject.startsWith('Test mail')),
    'the test mail',
  );
});
