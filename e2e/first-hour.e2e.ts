// In Chromium: a fresh install from the first-admin link to a widget ticket on a foreign page
// (no README step, no API call); the widget following the owner's form; Markdown and the XSS corpus.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../server/config/load-config.js';
import { DEFAULT_TICKET_FORM_FIELDS } from '../server/settings/default-schema.js';
import { type RunningService, startService } from '../server/start-service.js';
import { XSS_PAYLOADS } from '../server/test/attack-corpus.js';
import { axeViolations } from './axe.js';
import { dialog, expect, fillRequired, launcher, newEmail, openHostPage, sendButton, test } from './fixtures.js';
import { closeServer, listen } from './start-e2e-service.js';

// A 1×1 PNG, as an image editor writes it.
const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

test.describe('a fresh install', () => {
  let service: RunningService;
  let dataDir: string;
  let homeUrl: string;
  let firstAdminLink = '';
  let host: Server;
  let hostOrigin: string;
  let pastedSnippet = '';

  test.beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'helpdesk-first-hour-'));
    const probe = createServer();
    const port = await listen(probe);
    await closeServer(probe);
    homeUrl = `http://127.0.0.1:${port}`;
    const config = await loadConfig(
      { PORT: String(port), HOST: '127.0.0.1', HELPDESK_HOME_URL: homeUrl, HELPDESK_DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
      dataDir,
    );
    // What the owner sees in the terminal at first start: the one-time link.
    service = await startService(config, (line) => {
      firstAdminLink ||= /https?:\/\/\S+\/login\/first-admin\/\?token=[\w-]+/.exec(line)?.[0] ?? '';
    });
    // The owner's own site, on another origin, with a strict CSP: it carries whatever snippet was pasted.
    host = createServer((_req, res) => {
      res.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'content-security-policy': `default-src 'none'; script-src ${homeUrl}/; connect-src ${homeUrl}/; style-src 'none'`,
      });
      res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Owner's shop</title></head>
<body><main><h1>Owner's shop</h1></main>${pastedSnippet}</body></html>`);
    });
    hostOrigin = `http://localhost:${await listen(host)}`;
  });

  test.afterAll(async () => {
    await closeServer(host);
    await service.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('first-admin link → password → setup → snippet → a new visitor files ticket #1 through the widget', async ({ browser }) => {
    expect(firstAdminLink).toMatch(/\/login\/first-admin\/\?token=/);
    const context = await browser.newContext({ bypassCSP: true, permissions: ['clipboard-read', 'clipboard-write'] });
    const page = await context.newPage();
    let dialogs = 0;
    page.on('dialog', (d) => {
      dialogs += 1;
      void d.dismiss();
    });

    await page.goto(firstAdminLink);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByLabel('Your name').fill('Olive Owner');
    await page.getByLabel('Your email').fill('olive@shop.test');
    // A proper form field, never a browser prompt.
    await page.getByLabel(/Your password/).fill('a long owner password');
    await page.getByRole('button', { name: 'Become the administrator' }).click();

    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Set up your help desk');
    await expect(page.getByText('No SMTP server is set')).toBeVisible();
    await expect(page.getByLabel(/^Anyone\./)).toBeChecked();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByLabel('Site name').fill("Olive's Shop");
    await page.getByLabel('Sender name').fill('Olive support');
    await page.getByLabel('Sender address').fill('support@shop.test');
    // The logo is saved the moment it is chosen; a file that is not an image is refused in plain words.
    await page
      .getByLabel('Logo (optional)')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from('MZ not an image') });
    await expect(page.getByRole('status').filter({ hasText: 'The logo must be a PNG, JPEG, GIF or WebP image.' })).toBeVisible();
    await page.getByLabel('Logo (optional)').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: TINY_PNG });
    await expect(page.getByRole('status').filter({ hasText: 'Logo saved.' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Your logo' })).toBeVisible();
    await page.getByRole('button', { name: 'Save and continue' }).click();

    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Add the widget to your site');
    await expect(page.getByText('Your setup was saved.')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Copy the snippet' }).click();
    await expect(page.getByText('Copied. Paste it into your site.')).toBeVisible();
    pastedSnippet = await page.evaluate(() => navigator.clipboard.readText());
    // The page API's queue line, then the script (docs/guide.md, "Embedding").
    expect(pastedSnippet).toMatch(/^<script>window\.Helpdesk=window\.Helpdesk\|\|function h\(\)\{.*\};<\/script>\n/);
    expect(pastedSnippet.endsWith(`<script src="${homeUrl}/helpdesk/tickets/embed/" async></script>`)).toBe(true);
    // Signed in as staff, the help site shows the way back to the admin.
    await page.goto(`${homeUrl}/`);
    await expect(page.getByRole('link', { name: 'Admin' })).toHaveAttribute('href', `${homeUrl}/admin/`);
    // The owner's logo heads the help site.
    await expect
      .poll(() => page.locator('img.site-logo').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    // The inbox carries the checklist, and says where mail goes while no SMTP server is set.
    await page.getByRole('link', { name: 'Admin' }).click();
    const checklist = page.getByRole('region', { name: 'Finish setting up' });
    await expect(checklist).toContainText('To do: set up mail. No SMTP server is set');
    await expect(checklist).toContainText('write a first doc');
    expect(await axeViolations(page)).toEqual([]);

    // A visitor on the owner's site, with an address the help desk has never seen.
    const visitor = await browser.newPage();
    // People take seconds to fill the form (a fresh install refuses faster ones as automated): the page's clock says so.
    await visitor.clock.install();
    await visitor.goto(`${hostOrigin}/`);
    await launcher(visitor).click();
    await expect(dialog(visitor).getByText("Tell Olive's Shop what you need")).toBeVisible();
    await fillRequired(visitor, 'new.visitor@example.org', 'Where is my parcel?');
    await visitor.clock.fastForward('00:20');
    await sendButton(visitor).click();
    await expect(dialog(visitor).getByRole('status')).toHaveText(
      'Thanks! Your ticket #1 was filed. A confirmation email is on its way to new.visitor@example.org.',
    );
    expect(dialogs).toBe(0);
    await context.close();
    await visitor.close();
  });
});

test.describe('the widget follows the owner’s form', () => {
  test('a renamed Order ID, a required Reason and a custom field show in the widget and are enforced', async ({
    page,
    helpdesk,
    pageErrors,
  }) => {
    await helpdesk.api('PATCH', '/settings', {
      tickets: {
        form_fields: [
          ...DEFAULT_TICKET_FORM_FIELDS.map((f) =>
            f.key === 'order_id' ? { ...f, label: 'Order number' } : f.key === 'reason' ? { ...f, required: true } : f,
          ),
          { key: 'plan', label: 'Your plan', type: 'select', required: true, options: ['Free', 'Pro'] },
        ],
      },
    });
    try {
      await openHostPage(page, helpdesk);
      await launcher(page).click();
      const d = dialog(page);
      await expect(d.getByLabel('Order number (optional)')).toBeVisible();
      await expect(d.getByLabel('Reason', { exact: true })).toBeVisible();
      await expect(d.getByLabel('Your plan', { exact: true })).toBeVisible();
      const email = newEmail('form');
      await fillRequired(page, email);
      await sendButton(page).click();
      // The browser's own check first: both required lists are marked, nothing is sent.
      await expect(d.getByLabel('Reason', { exact: true })).toHaveAttribute('aria-invalid', 'true');
      await expect(d.getByLabel('Your plan', { exact: true })).toHaveAttribute('aria-invalid', 'true');
      expect(await helpdesk.ticketsOf(email)).toEqual([]);

      await d.getByLabel('Reason', { exact: true }).selectOption({ label: 'Billing' });
      await d.getByLabel('Your plan', { exact: true }).selectOption('Pro');
      await d.getByLabel('Order number (optional)').fill('A-77');
      await sendButton(page).click();
      await expect(d.getByRole('status')).toContainText('was filed');
      const [ticket] = await helpdesk.ticketsOf(email);
      expect(ticket?.meta).toEqual({ order: 'A-77', custom_plan: 'Pro' });
      expect(ticket?.terms.ticket_reason).toBe('billing');
      expect(pageErrors).toEqual([]);
    } finally {
      await helpdesk.api('PATCH', '/settings', { tickets: { form_fields: DEFAULT_TICKET_FORM_FIELDS } });
    }
  });
});

test('Markdown on a doc page renders, and the XSS corpus in it stays inert', async ({ page, helpdesk, pageErrors }) => {
  const content = `## Returns\n\nSend it **within 30 days**, see [the policy](https://example.com/policy).\n\n${XSS_PAYLOADS.join('\n\n')}`;
  const doc = await helpdesk.api<{ slug: string }>('POST', '/docs/', { title: 'Returns', content });
  let dialogs = 0;
  page.on('dialog', (d) => {
    dialogs += 1;
    void d.dismiss();
  });
  await page.goto(`${helpdesk.homeUrl}/docs/${doc.slug}/`);
  await expect(page.getByRole('heading', { level: 2, name: 'Returns' })).toBeVisible();
  await expect(page.locator('article strong')).toHaveText('within 30 days');
  await expect(page.getByRole('link', { name: 'the policy' })).toHaveAttribute('href', 'https://example.com/policy');
  await expect(page.locator('article script, article img, article iframe, article svg, article object')).toHaveCount(0);
  await expect(page.getByText('<script>alert(1)</script>', { exact: true }).first()).toBeVisible();
  expect(dialogs).toBe(0);
  expect(pageErrors).toEqual([]);
});

test('the widget speaks plainly, takes an international domain (sent as punycode), and its done state closes', async ({
  page,
  helpdesk,
}) => {
  await openHostPage(page, helpdesk);
  await launcher(page).click();
  const d = dialog(page);
  await fillRequired(page, 'not an address');
  await sendButton(page).click();
  await expect(d.getByText('Enter an email address like name@example.com.')).toBeVisible();

  await d.getByLabel('Your Email').fill('anna@müller.example');
  await sendButton(page).click();
  await expect(d.getByRole('status')).toContainText('was filed');
  expect(await helpdesk.ticketsOf('anna@xn--mller-kva.example')).toHaveLength(1);
  await d.getByRole('button', { name: 'Close' }).last().click();
  await expect(d).toBeHidden();
  await expect(launcher(page)).toBeFocused();
});

test.describe('dark mode', () => {
  test.use({ bypassCSP: true, colorScheme: 'dark' });
  test('axe finds nothing on the help site and the widget in dark mode', async ({ page, helpdesk }) => {
    await helpdesk.api('POST', '/docs/', { title: 'Dark doc', content: 'Some **bold** text and [a link](https://example.com).' });
    for (const path of ['/', '/docs/', '/login/']) {
      await page.goto(`${helpdesk.homeUrl}${path}`);
      expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(15, 20, 25)');
      expect(await axeViolations(page), path).toEqual([]);
    }
    await openHostPage(page, helpdesk);
    await launcher(page).click();
    await expect(dialog(page)).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
});
