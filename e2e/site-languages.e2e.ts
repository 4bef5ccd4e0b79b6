// The help site in the client's language, in Chromium: a client reads it in German (their browser's), switches to
// Arabic with the language menu (saved on their account), files a ticket and reads its thread right to left. The
// Arabic home, ticket list and thread are photographed in light and dark and on a 390 px phone (SHOTS_DIR, else
// this test's output folder), checked for sideways overflow and passed through axe.
import { type Browser, expect, type Page, type TestInfo, test } from '@playwright/test';
import { createSession } from '../server/auth/sessions.js';
import { axeViolations } from './axe.js';
import { expectNoHorizontalOverflow, expectRtl } from './rtl-checks.js';
import { shotPath } from './shot-path.js';
import { type E2eService, startE2eService } from './start-e2e-service.js';

const CLIENT = { email: 'rania@client.test', name: 'Rania Client' };
let hd: E2eService;
/** The number of the ticket an agent has answered (filed before the walk). */
let answered = 0;

test.beforeAll(async () => {
  test.setTimeout(60_000);
  hd = await startE2eService({
    staff: [{ email: 'admin@help.test', name: 'Ada Admin', role: 'admin' }],
    settings: { tickets: { create_accounts: true, min_fill_seconds: 0 } },
  });
  const res = await fetch(`${hd.homeUrl}/api/helpdesk/v1/tickets/`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      name: CLIENT.name,
      email: CLIENT.email,
      subject: 'Order A-1001 never arrived',
      description: 'Still waiting.',
    }),
  });
  expect(res.status).toBe(201);
  const { id, number } = (await res.json()) as { id: number; number: number };
  await hd.api('POST', `/tickets/${id}/comments`, { text: 'We are sorry: it ships **today**.' });
  answered = number;
});

test.afterAll(async () => {
  await hd?.close();
});

async function clientUserId(): Promise<number> {
  const row = await hd.service.db.kysely.selectFrom('users').select('id').where('email', '=', CLIENT.email).executeTakeFirstOrThrow();
  return row.id;
}

async function accountLanguage(): Promise<string | null> {
  const row = await hd.service.db.kysely.selectFrom('users').select('language').where('email', '=', CLIENT.email).executeTakeFirstOrThrow();
  return row.language;
}

/** A browser of the client, signed in as their mailed link would sign them in, speaking `locale`. */
async function clientPage(
  browser: Browser,
  options: { locale?: string; colorScheme?: 'light' | 'dark'; width?: number; bypassCSP?: boolean } = {},
): Promise<Page> {
  const context = await browser.newContext({
    locale: options.locale ?? 'de-DE',
    colorScheme: options.colorScheme ?? 'light',
    viewport: { width: options.width ?? 1280, height: 900 },
    bypassCSP: options.bypassCSP ?? false,
  });
  await context.addCookies([
    { name: 'hd_session', value: await createSession(hd.service.db.kysely, await clientUserId()), url: `${hd.homeUrl}/` },
  ]);
  return context.newPage();
}

async function shoot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await page.screenshot({ path: shotPath(testInfo, `${name}.png`), fullPage: true });
}

test('a client reads the help site in German, switches to Arabic with the menu, files a ticket and reads its thread', async ({
  browser,
}) => {
  // A dozen page loads and two form posts: more than the default 30 s on a busy two-core runner.
  test.setTimeout(90_000);
  const page = await clientPage(browser, { locale: 'de-DE' });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));

  // German, from the browser's Accept-Language.
  await page.goto(`${hd.homeUrl}/`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Wie können wir helfen?');
  await page.getByRole('navigation').getByRole('link', { name: 'Meine Tickets' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Meine Tickets');
  await expect(page).toHaveTitle(/^Meine Tickets · /);
  await expect(page.locator('.ticket-list .status')).toHaveText('Wir arbeiten daran');

  // The language menu: Arabic, saved on the account, back on the same page, right to left.
  await page.getByLabel('Sprache').selectOption('ar');
  await page.getByRole('button', { name: 'Ändern' }).click();
  await expect(page).toHaveURL(`${hd.homeUrl}/tickets/`);
  await expectRtl(page, 'ar');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('تذاكري');
  expect(await accountLanguage()).toBe('ar');

  // A new ticket, filed in Arabic.
  await page.getByRole('navigation').getByRole('link', { name: 'تذكرة جديدة' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('تذكرة جديدة');
  await page.locator('#field-subject').fill('الطابعة لا تعمل');
  await page.locator('#field-description').fill('تتوقف الطابعة بعد الصفحة الأولى.');
  await page.getByRole('button', { name: 'افتح التذكرة' }).click();
  await expect(page).toHaveURL(/\/tickets\/\?ticket=\d+/);
  await expectRtl(page, 'ar');
  await expect(page.getByRole('heading', { level: 2 })).toHaveText('الطابعة لا تعمل');
  await expect(page.locator('.status')).toHaveText('تم الاستلام');
  await expect(page.getByText('تتوقف الطابعة بعد الصفحة الأولى.')).toBeVisible();

  // Their ticket list, and the answered thread.
  await page.getByRole('link', { name: 'كل تذاكري' }).click();
  await expect(page.locator('.ticket-list tbody tr')).toHaveCount(2);
  await page.getByRole('link', { name: 'Order A-1001 never arrived' }).click();
  await expect(page).toHaveURL(`${hd.homeUrl}/tickets/?ticket=${answered}`);
  await expect(page.getByText('it ships')).toBeVisible();
  await expectNoHorizontalOverflow(page);
  expect(errors).toEqual([]);
  await page.context().close();
});

test.describe('Arabic pictures, overflow and axe', () => {
  test.use({ bypassCSP: true });
  for (const { colorScheme, width } of [
    { colorScheme: 'light', width: 1280 },
    { colorScheme: 'dark', width: 1280 },
    { colorScheme: 'light', width: 390 },
  ] as const) {
    test(`the Arabic home, ticket list and thread in ${colorScheme} at ${width} px`, async ({ browser }, testInfo) => {
      const page = await clientPage(browser, { locale: 'ar', colorScheme, width, bypassCSP: true });
      for (const [name, path] of [
        ['home', '/'],
        ['tickets', '/tickets/'],
        ['thread', `/tickets/?ticket=${answered}`],
      ] as const) {
        await page.goto(`${hd.homeUrl}${path}${path.includes('?') ? '&' : '?'}lang=ar`);
        await expectRtl(page, 'ar');
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expectNoHorizontalOverflow(page);
        await shoot(page, testInfo, `site-ar-${name}-${colorScheme}-${width}`);
        expect(await axeViolations(page), `${path} in ${colorScheme} at ${width} px`).toEqual([]);
      }
      await page.context().close();
    });
  }
});
