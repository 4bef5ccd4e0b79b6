import { expect, test } from '@playwright/test';
import { startReceiver, type TestReceiver } from '../server/webhooks/test-receiver.js';
import { ADMIN, openAdminScreen, signInToAdmin, useAdminHelpdesk } from './admin-helpdesk.js';
import { expectAxeCleanLightAndDark } from './axe.js';
import { expectNoHorizontalOverflow, expectRtl } from './rtl-checks.js';
import { takeShot } from './shot-path.js';

const hd = useAdminHelpdesk();
let receiver: TestReceiver;
test.beforeAll(async () => {
  receiver = await startReceiver([{ status: 200, body: 'first answer' }]);
  // The local receiver is an internal address: let it through as an owner would for an intranet host.
  await hd.api('PATCH', '/settings', { tickets: { webhook_allowed_hosts: '127.0.0.1' } });
});
test.afterAll(async () => {
  await receiver?.close();
});
test.use({ bypassCSP: true, permissions: ['clipboard-read', 'clipboard-write'] }); // bypassCSP only so that axe can be injected

test('an admin adds a webhook, copies its secret shown once, sees a new ticket’s delivery and sends it again', async ({
  page,
}, testInfo) => {
  await signInToAdmin(page, hd.homeUrl, ADMIN);
  await openAdminScreen(page, 'Webhooks');
  await expect(page).toHaveTitle(/Webhooks/);
  await page.getByRole('button', { name: 'Add a webhook' }).click();

  // The server's refusal shows beside the field it names.
  await page.getByLabel('Address (URL)').fill('http://10.1.2.3/hooks');
  await page.getByRole('button', { name: 'Add webhook' }).click();
  await expect(page.locator('.field-error')).toContainText('10.1.2.3');
  await expect(page.getByLabel('Address (URL)')).toHaveAttribute('aria-invalid', 'true');

  await page.getByLabel('Address (URL)').fill(receiver.url);
  await page.getByLabel('Description (optional)').fill('Our CRM');
  await page.getByRole('checkbox', { name: /A ticket is changed/ }).check();
  await expectAxeCleanLightAndDark(page, 'the form with a field error');
  await page.getByRole('button', { name: 'Add webhook' }).click();

  const secretBox = page.getByRole('textbox', { name: 'Signing secret' });
  await expect(secretBox).toHaveValue(/^whsec_/);
  await expect(page.getByText('It will not be shown again.')).toBeVisible();
  const secret = await secretBox.inputValue();
  await page.getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByText('Copied.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await expect(page.getByRole('heading', { name: receiver.url })).toBeVisible();
  await expectAxeCleanLightAndDark(page, 'the list with the secret shown once');
  await takeShot(page, testInfo, 'webhooks-secret.png');
  await page.getByRole('button', { name: 'I have copied it' }).click();
  await expect(secretBox).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { name: receiver.url })).toBeVisible();
  await expect(page.getByText(secret)).toHaveCount(0);

  // A ticket filed: the receiver gets it, and the log shows it with the answer.
  await hd.fileTicket('casey@client.test', 'Printer on fire');
  await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
  await page.getByRole('link', { name: `Delivery log ${receiver.url}` }).click();
  const row = page.getByRole('row', { name: /A ticket is filed/ });
  await expect(row.getByText('Delivered')).toBeVisible();
  await row.getByRole('button', { name: '1 attempt' }).click();
  await expect(page.getByText('Answered 200')).toBeVisible();
  await expect(page.locator('.webhook-attempts pre')).toHaveText('first answer');
  await expectAxeCleanLightAndDark(page, 'the delivery log, an attempt open');
  await takeShot(page, testInfo, 'webhooks-log.png');

  const before = receiver.received.length;
  await row.getByRole('button', { name: 'Send again' }).click();
  await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBe(before + 1);
  // The same message id: the receiver can tell it is the one it has.
  expect(receiver.received.at(-1)?.headers['webhook-id']).toBe(receiver.received[0]?.headers['webhook-id']);
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(row.getByRole('button', { name: '2 attempts' })).toBeVisible();
  // On a phone, in the dark: the log scrolls in its own box, the page never sideways.
  await page.setViewportSize({ width: 390, height: 800 });
  await expectNoHorizontalOverflow(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await takeShot(page, testInfo, 'webhooks-log-phone-dark.png');
  await page.emulateMedia({ colorScheme: null });
  await page.setViewportSize({ width: 1280, height: 720 });

  // A new secret: shown once, saying both signatures go out for 24 hours.
  await page.getByRole('link', { name: 'All webhooks' }).click();
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: `New secret ${receiver.url}` }).click();
  await expect(page.getByRole('textbox', { name: 'Signing secret' })).toHaveValue(/^whsec_/);
  await expect(page.getByRole('textbox', { name: 'Signing secret' })).not.toHaveValue(secret);
  await expect(page.getByText('each delivery carries two signatures')).toBeVisible();
  await expect(page.getByText(/The old secret signs too until/)).toBeVisible();
  // Edit, turn off, delete (after saying yes).
  await page.getByRole('button', { name: `Edit ${receiver.url}` }).click();
  await page.getByLabel('Description (optional)').fill('Our new CRM');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Our new CRM')).toBeVisible();
  await page.getByRole('button', { name: `Turn off ${receiver.url}` }).click();
  await expect(page.getByText('Off', { exact: true })).toBeVisible();
  page.once('dialog', (dialog) => void dialog.dismiss());
  await page.getByRole('button', { name: `Delete ${receiver.url}` }).click();
  await expect(page.getByRole('heading', { name: receiver.url })).toBeVisible();
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: `Delete ${receiver.url}` }).click();
  await expect(page.getByText('No webhooks yet.')).toBeVisible();
});

test('a Slack webhook is offered only its two events; the list reads right on a phone, in the dark and in Arabic', async ({
  page,
}, testInfo) => {
  await hd.api('PATCH', '/users/me', { language: 'en' });
  await signInToAdmin(page, hd.homeUrl, ADMIN);
  await page.goto(`${hd.homeUrl}/admin/webhooks`);
  await page.getByRole('button', { name: 'Add a webhook' }).click();
  await page.getByRole('radio', { name: 'Slack (incoming webhook URL)' }).check();
  await expect(page.getByText('Slack is sent new tickets and overdue tickets only.')).toBeVisible();
  await expect(page.getByRole('group', { name: 'Events' }).getByRole('checkbox')).toHaveCount(2);
  await page.getByLabel('Address (URL)').fill(`${receiver.url}/slack`);
  await page.getByRole('checkbox', { name: /A ticket is overdue/ }).check();
  await page.getByRole('button', { name: 'Add webhook' }).click();
  // No secret for Slack: its URL is the secret.
  await expect(page.getByRole('heading', { name: `${receiver.url}/slack` })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Signing secret' })).toHaveCount(0);
  const [slack] = (await hd.api<Array<{ destination: string; events: string[] }>>('GET', '/webhooks/')).filter(
    (w) => w.destination === 'slack',
  );
  expect(slack?.events).toEqual(['ticket.created', 'ticket.sla_breached']);

  // Turned off by a 410: said in plain words.
  await hd.db
    .updateTable('webhook_subscriptions')
    .set({ enabled: 0, disabled_reason: 'gone' })
    .where('destination', '=', 'slack')
    .execute();
  await page.reload();
  await expect(page.getByText('Turned off: the receiver answered 410 Gone')).toBeVisible();

  await page.setViewportSize({ width: 390, height: 800 });
  await expectNoHorizontalOverflow(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await takeShot(page, testInfo, 'webhooks-phone-dark.png');
  await page.emulateMedia({ colorScheme: null });

  await hd.api('PATCH', '/users/me', { language: 'ar' });
  await page.goto(`${hd.homeUrl}/admin/webhooks`);
  await expect(page.getByRole('heading', { level: 1, name: 'ويب هوكس' })).toBeVisible();
  await expectRtl(page);
  await expectNoHorizontalOverflow(page);
  await page.getByRole('button', { name: 'إضافة ويب هوك' }).click();
  await expectNoHorizontalOverflow(page);
  await expectAxeCleanLightAndDark(page, 'the screen in Arabic on a phone');
  await takeShot(page, testInfo, 'webhooks-arabic-phone.png');
  await hd.api('PATCH', '/users/me', { language: 'en' });
});
