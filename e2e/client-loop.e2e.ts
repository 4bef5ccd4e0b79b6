// The client's whole loop in Chromium: the widget on a foreign page → the confirmation arrives at a real
// SMTP server → its link → confirm → the thread → reply → Waiting, and the agents' mail arrives.
import { createServer } from 'node:http';
import { expect, type Page, test } from '@playwright/test';
import type { RunningService } from '../server/start-service.js';
import { type ReceivedMail, type SmtpSink, startSmtpSink } from '../server/test/smtp-sink.js';
import { axeViolations } from './axe.js';
import { expectNoHorizontalOverflow, expectRtl } from './rtl-checks.js';
import { shotPath } from './shot-path.js';
import { closeServer, listen, startE2eService } from './start-e2e-service.js';

interface Loop {
  homeUrl: string;
  hostOrigin: string;
  smtp: SmtpSink;
  service: RunningService;
  settings(patch: object): Promise<void>;
  close(): Promise<void>;
}

async function startLoop(): Promise<Loop> {
  const smtp = await startSmtpSink();
  // Playwright fills the widget in milliseconds; the minimum fill time has its own API tests.
  const { homeUrl, service, api, close } = await startE2eService({
    env: { SMTP_URL: smtp.url },
    staff: [
      { email: 'admin@help.test', name: 'Ada Admin', role: 'admin' },
      { email: 'agent@help.test', name: 'Alex Agent', role: 'agent' },
    ],
    settings: { tickets: { create_accounts: true, min_fill_seconds: 0 } },
  });
  const host = createServer((_req, res) => {
    res.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': `default-src 'none'; script-src ${homeUrl}/; connect-src ${homeUrl}/; style-src 'none'`,
    });
    res.end(
      `<!doctype html><html lang="en"><head><meta ` +
        `charset="utf-8"><title>Shop</title><script ` +
        `src="${homeUrl}/helpdesk/tickets/embed/" ` +
        `async></script></head><body><main><h1>Shop</h1></main></body></html>`,
    );
  });
  const hostOrigin = `http://127.0.0.1:${await listen(host)}`;
  return {
    homeUrl,
    hostOrigin,
    smtp,
    service,
    settings: (patch) => api('PATCH', '/settings', patch).then(() => undefined),
    async close() {
      await closeServer(host);
      await close();
      await smtp.close();
    },
  };
}

let loop: Loop;
test.beforeAll(async () => {
  loop = await startLoop();
});
test.afterAll(async () => {
  await loop?.close();
});

let counter = 0;
const newEmail = () => `loop${++counter}-${Date.now()}@client.test`;

/** Files a ticket through the widget on the foreign page; returns its id (routes) and number (what people read). */
async function fileThroughWidget(page: Page, email: string, subject: string): Promise<{ id: number; number: number }> {
  await page.goto(`${loop.hostOrigin}/`);
  await page.getByRole('button', { name: 'Need Help?' }).click();
  const d = page.getByRole('dialog', { name: 'Contact support' });
  await d.getByLabel('Your Name').fill('Ann <b>Example</b>');
  await d.getByLabel('Your Email').fill(email);
  await d.getByLabel('Subject').fill(subject);
  await d.getByLabel('Description').fill('It breaks.\n<img src=x onerror=alert(1)>');
  const answer = page.waitForResponse((r) => r.request().method() === 'POST' && /\/api\/helpdesk\/v1\/tickets\/$/.test(r.url()));
  await d.getByRole('button', { name: 'Send ticket' }).click();
  const { id, number } = (await (await answer).json()) as { id: number; number: number };
  await expect(d.getByRole('status')).toContainText(`Your ticket #${number} was filed`);
  return { id, number };
}

/** The first mail to `email` whose text contains `words` (every mail of a ticket has the same subject). */
async function mailTo(email: string, words: string): Promise<ReceivedMail> {
  const matches = (x: ReceivedMail) => x.to.includes(email) && x.text.includes(words);
  const messages = await loop.smtp.waitFor((m) => m.some(matches), `"${words}" to ${email}`);
  return messages.find(matches) as ReceivedMail;
}

function linkOf(mail: ReceivedMail): string {
  const link = /https?:\/\/\S+\/login\/ticket\/\?token=[\w-]+/.exec(mail.text)?.[0];
  if (!link) throw new Error('no link');
  return link;
}

async function readAndReply(page: Page, { number }: { id: number; number: number }, email: string) {
  const confirmation = await mailTo(email, 'We received your request');
  expect(confirmation.headers['auto-submitted']).toBe('auto-generated');
  expect(confirmation.html).not.toContain('<img');
  const link = linkOf(confirmation);
  expect(link.startsWith(`${loop.homeUrl}/login/ticket/?token=`)).toBe(true);

  await page.goto(link);
  await page.getByRole('button', { name: 'Sign in and open the ticket' }).click();
  // The help site names the thread by the number the client reads, not the id.
  await expect(page).toHaveURL(`${loop.homeUrl}/tickets/?ticket=${number}`);
  await expect(page.getByRole('heading', { level: 2 })).toHaveText(/Printer|Login/);
  await expect(page.getByText('It breaks.')).toBeVisible();
  await expect(page.locator('img')).toHaveCount(0);

  await page.getByLabel('Your reply').fill('Here is more detail.');
  await page.getByRole('button', { name: 'Send reply' }).click();
  await expect(page.getByRole('status')).toHaveText('Your reply was sent.');
  await expect(page.getByText('Here is more detail.')).toBeVisible();
  // Waiting, as the client reads it.
  await expect(page.locator('.status')).toHaveText('Awaiting our reply');
  const ofTicket = (x: ReceivedMail) =>
    x.to.includes('agent@help.test') && x.text.includes(' replied to ') && x.subject.endsWith(`[#${number}]`);
  const agentMail = (await loop.smtp.waitFor((m) => m.some(ofTicket), `the client's reply on #${number} to the agent`)).find(ofTicket);
  expect(agentMail?.text).toContain('Here is more detail.');

  // The link is used up: opening it again offers a fresh one.
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This link was already used');
}

test('email-link method: widget → confirmation mail → link → confirm → thread → reply → Waiting → agents are mailed', async ({ page }) => {
  const errors: string[] = [];
  // CSP violations and script errors; the 410 of the used link and a missing favicon are expected.
  page.on('console', (m) => m.type() === 'error' && !m.text().startsWith('Failed to load resource') && errors.push(m.text()));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`));
  });
  page.on('pageerror', (e) => errors.push(e.message));
  const email = newEmail();
  const ticket = await fileThroughWidget(page, email, 'Printer on fire');
  await readAndReply(page, ticket, email);
  expect(errors).toEqual([]);
});

test('password method: the same loop, then sign-up proven by the mailed link and a ticket from the [helpdesk_new_ticket] page', async ({
  page,
  browser,
}) => {
  await loop.settings({ login: { method: 'password' } });
  try {
    const email = newEmail();
    const ticket = await fileThroughWidget(page, email, 'Login broken');
    await readAndReply(page, ticket, email);

    const fresh = await browser.newPage();
    await fresh.goto(`${loop.homeUrl}/login/`);
    await expect(fresh.getByRole('button', { name: 'Email me a link' })).toHaveCount(0);
    await fresh.getByLabel('Your name').fill('Pat Password');
    await fresh.getByLabel('Email', { exact: true }).nth(1).fill('pat@client.test');
    await fresh.getByRole('button', { name: 'Create account' }).click();
    // No account and no sign-in until the address is proven by the mailed link.
    await expect(fresh.getByRole('status')).toContainText('Check your mail');
    const confirmation = await mailTo('pat@client.test', 'To create it, open this link');
    const link = /https?:\/\/\S+\/login\/confirm\/\?token=[\w-]+/.exec(confirmation.text)?.[0] ?? '';
    expect(link.startsWith(`${loop.homeUrl}/login/confirm/?token=`)).toBe(true);
    await fresh.goto(link);
    await fresh.getByLabel('Password (at least 10 characters)').fill('correct horse battery');
    await fresh.getByRole('button', { name: 'Create my account' }).click();
    await expect(fresh).toHaveURL(`${loop.homeUrl}/tickets/`);
    await fresh.getByRole('navigation').getByRole('link', { name: 'New ticket' }).click();
    await fresh.getByLabel('Subject').fill('From the help site');
    await fresh.getByLabel('Description').fill('Filed while signed in.');
    await fresh.getByRole('button', { name: 'File the ticket' }).click();
    await expect(fresh.getByRole('status')).toHaveText('Your ticket was filed. We will answer soon.');
    await expect(fresh.getByRole('heading', { level: 2 })).toHaveText('From the help site');
    await fresh.close();
  } finally {
    await loop.settings({ login: { method: 'email_link' } });
  }
});

test.describe('an Arabic visitor', () => {
  test.use({ locale: 'ar', bypassCSP: true });
  test('files in Arabic; the confirmation mail is Arabic and right to left at 390 px; its link opens an Arabic page', async ({
    page,
    context,
  }, testInfo) => {
    test.slow();
    await page.goto(`${loop.hostOrigin}/`);
    await page.getByRole('button', { name: 'هل تحتاج إلى مساعدة؟' }).click();
    const d = page.getByRole('dialog', { name: 'تواصل مع الدعم' });
    const email = newEmail();
    await d.getByLabel('اسمك').fill('سارة');
    await d.getByLabel('بريدك الإلكتروني').fill(email);
    await d.getByLabel('الموضوع').fill('الطلب A-1001 لم يصل');
    await d.getByLabel('الوصف').fill('لم يصل الطلب بعد.');
    await d.getByRole('button', { name: 'إرسال الطلب' }).click();
    await expect(d.getByRole('status')).toContainText('تم تسجيل طلبك');

    const mail = await mailTo(email, 'تلقّينا طلبك');
    expect(mail.headers['content-language']).toBe('ar');
    // Plain text has no `dir`: each line opens with the right-to-left mark.
    expect(
      mail.text
        .split('\n')
        .filter((line) => line.trim() !== '')
        .every((line) => line.startsWith('\u200f')),
    ).toBe(true);
    // The HTML part as a mail app shows it, on a phone: right to left, nothing sideways.
    const mailApp = await context.newPage();
    await mailApp.setViewportSize({ width: 390, height: 800 });
    await mailApp.setContent(mail.html);
    expect(await mailApp.locator('[dir="rtl"]').count()).toBeGreaterThan(0);
    expect(
      await mailApp
        .getByText('الطلب A-1001 لم يصل')
        .first()
        .evaluate((el) => getComputedStyle(el).direction),
    ).toBe('rtl');
    await expectNoHorizontalOverflow(mailApp);
    await mailApp.screenshot({ path: shotPath(testInfo, 'mail-ar-phone.png'), fullPage: true });
    await mailApp.close();

    await page.setViewportSize({ width: 390, height: 800 });

    await page.goto(linkOf(mail));
    await expectRtl(page);
    await page.getByRole('button', { name: 'سجّل الدخول وافتح التذكرة' }).click();
    await expect(page.getByText('لم يصل الطلب بعد.')).toBeVisible();
    await expectRtl(page);
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: shotPath(testInfo, 'ticket-page-ar-phone.png'), fullPage: true });
  });
});

test.describe('accessibility', () => {
  test.use({ bypassCSP: true });
  test('axe-core finds nothing on the home, docs, login, ticket list, thread and new-ticket pages', async ({ page }) => {
    await loop.settings({ login: { method: 'both' } });
    try {
      for (const path of ['/', '/docs/', '/docs/?s=nothing']) {
        await page.goto(`${loop.homeUrl}${path}`);
        expect(await axeViolations(page), path).toEqual([]);
      }
      await page.goto(`${loop.homeUrl}/login/`);
      expect(await axeViolations(page)).toEqual([]);
      const email = newEmail();
      const { number } = await fileThroughWidget(page, email, 'Printer axe');
      await page.goto(linkOf(await mailTo(email, 'We received your request')));
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Sign in and open the ticket' }).click();
      await expect(page).toHaveURL(`${loop.homeUrl}/tickets/?ticket=${number}`);
      expect(await axeViolations(page)).toEqual([]);
      await page.goto(`${loop.homeUrl}/tickets/`);
      expect(await axeViolations(page)).toEqual([]);
      await page.goto(`${loop.homeUrl}/tickets/new/`);
      expect(await axeViolations(page)).toEqual([]);

      // Responsive: at 320 px nothing scrolls sideways.
      await page.setViewportSize({ width: 320, height: 640 });
      for (const path of ['/', '/login/', '/tickets/', `/tickets/?ticket=${number}`, '/tickets/new/']) {
        await page.goto(`${loop.homeUrl}${path}`);
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth), path).toBe(true);
      }
    } finally {
      await loop.settings({ login: { method: 'email_link' } });
    }
  });
});
