// Docs suggested in the widget while the visitor types (issue 38), in Chromium on a foreign page with the strict
// CSP: nothing asked before typing, the suggestion code loaded on the first three characters, a doc read inside
// the widget, Yes (deflected) and No (back to the form, then filed: the agent sees "Read before filing").
import { expect, type Page, test } from '@playwright/test';
import { AGENT, signInToAdmin, useAdminHelpdesk } from './admin-helpdesk.js';
import { expectAxeCleanLightAndDark } from './axe.js';
import { dialog, launcher, newEmail, sendButton } from './fixtures.js';
import { collectPageErrors } from './page-errors.js';
import { startHostSite } from './real-helpdesk.js';
import { shotPath } from './shot-path.js';

const hd = useAdminHelpdesk();
let host: Awaited<ReturnType<typeof startHostSite>>;
let resetDoc: number;
test.beforeAll(async () => {
  host = await startHostSite(hd.homeUrl);
  const doc = await hd.api<{ id: number }>('POST', '/docs/', {
    title: 'Reset your password',
    slug: 'reset-password',
    status: 'publish',
    content: '## Steps\n\n1. Open **Sign in**.\n2. Choose *Forgot password*.\n\nSee [the account page](https://shop.example/account).',
  });
  resetDoc = doc.id;
  await hd.api('POST', '/docs/', {
    title: 'Change your email address',
    slug: 'change-email',
    status: 'publish',
    content: 'Open your profile.',
  });
});
test.afterAll(async () => {
  await host?.close();
});

const isSuggest = (url: string) => url.startsWith(`${hd.homeUrl}/api/helpdesk/v1/docs/suggest?`);
const suggestions = (page: Page) => dialog(page).getByRole('region', { name: 'These articles may answer your question' });
const events = (session: string) =>
  hd.db.selectFrom('widget_events').select(['event', 'doc_id']).where('session', '=', session).orderBy('event').orderBy('doc_id').execute();

/** Opens the widget and types a subject key by key, as a visitor does; returns the widget's session id. */
async function typeSubject(page: Page, subject: string): Promise<string> {
  const posted = page.waitForRequest((r) => r.method() === 'POST' && r.url() === `${hd.homeUrl}/api/helpdesk/v1/widget-events`);
  await launcher(page).click();
  const session = new URLSearchParams((await posted).postData() ?? '').get('session') ?? '';
  await dialog(page).getByLabel('Subject').pressSequentially(subject, { delay: 20 });
  return session;
}

test('strict CSP: nothing asked before typing; three docs at most, read in the widget; Yes thanks the visitor', async ({ page }) => {
  const errors = await collectPageErrors(page);
  const asked: string[] = [];
  page.on('request', (r) => {
    if (isSuggest(r.url()) || r.url().includes('/embed/suggest/')) asked.push(r.url());
  });
  await page.goto(`${host.origin}/strict`);
  await launcher(page).click();
  const d = dialog(page);
  await d.getByLabel('Your Name').fill('Ann Example');
  await d.getByLabel('Your Email').fill(newEmail('suggest'));
  expect(asked).toEqual([]);
  await d.getByLabel('Subject').pressSequentially('re', { delay: 20 });
  // Two characters: still nothing.
  await expect.poll(() => asked.length, { timeout: 1000 }).toBe(0);
  const answered = page.waitForResponse((r) => isSuggest(r.url()));
  await d.getByLabel('Subject').pressSequentially('set password', { delay: 20 });
  expect((await answered).status()).toBe(200);

  const list = suggestions(page);
  await expect(list.getByRole('button', { name: 'Reset your password' })).toBeVisible();
  await expect(d.getByRole('status').filter({ hasText: 'may answer your question' })).toHaveText(/help articles? may answer/);
  await expect(list).toHaveCSS('border-top-style', 'solid');
  await page.screenshot({ path: shotPath(test.info(), 'suggest-list.png') });

  await list.getByRole('button', { name: 'Reset your password' }).click();
  const article = d.getByRole('region', { name: 'Reset your password' });
  await expect(article.getByRole('heading', { name: 'Reset your password' })).toBeFocused();
  await expect(article.getByRole('heading', { name: 'Steps' })).toBeVisible();
  await expect(article.getByRole('link', { name: 'the account page' })).toHaveAttribute('href', 'https://shop.example/account');
  await expect(d.getByLabel('Subject')).toBeHidden();
  await page.screenshot({ path: shotPath(test.info(), 'suggest-article.png') });

  // The page may follow along: the widget raises its events on its own element.
  await page.evaluate(() => {
    const el = document.querySelector('helpdesk-widget');
    el?.addEventListener('helpdesk:deflected', (e) => el.setAttribute('data-test-deflected', String((e as CustomEvent).detail.id)));
  });
  await article.getByRole('button', { name: 'Yes' }).click();
  await expect(article.getByText('Glad it helped!')).toBeFocused();
  await expect(page.locator('helpdesk-widget')).toHaveAttribute('data-test-deflected', String(resetDoc));
  // The visitor may still write: the form comes back as they left it.
  await article.getByRole('button', { name: 'Write to us anyway' }).click();
  await expect(d.getByLabel('Subject')).toHaveValue('reset password');

  const rows = await hd.db.selectFrom('widget_events').select(['event', 'doc_id']).where('event', '=', 'helped').execute();
  expect(rows).toContainEqual({ event: 'helped', doc_id: resetDoc });
  expect(errors).toEqual([]);
});

test('No, I still need help: back to the form with the text kept; the filed ticket shows the agent what was read', async ({ page }) => {
  test.setTimeout(60_000);
  const errors = await collectPageErrors(page);
  await page.goto(`${host.origin}/strict`);
  const session = await typeSubject(page, 'reset password');
  const d = dialog(page);
  await suggestions(page).getByRole('button', { name: 'Reset your password' }).click();
  await d.getByRole('button', { name: 'No, I still need help' }).click();
  await expect(d.getByLabel('Description')).toBeFocused();
  await expect(d.getByLabel('Subject')).toHaveValue('reset password');
  await d.getByLabel('Your Name').fill('Ann Example');
  const email = newEmail('suggest-no');
  await d.getByLabel('Your Email').fill(email);
  await d.getByLabel('Description').fill('The reset mail never comes.');
  const filed = page.waitForResponse((r) => r.request().method() === 'POST' && r.url() === `${hd.homeUrl}/api/helpdesk/v1/tickets/`);
  await sendButton(page).click();
  const { id } = (await (await filed).json()) as { id: number };
  await expect(d.getByRole('status').filter({ hasText: 'was filed' })).toBeVisible();
  expect(await events(session)).toEqual(
    expect.arrayContaining([
      { event: 'doc_opened', doc_id: resetDoc },
      { event: 'not_helped', doc_id: resetDoc },
      { event: 'opened', doc_id: 0 },
      { event: 'shown', doc_id: resetDoc },
      { event: 'submitted', doc_id: 0 },
      { event: 'typed', doc_id: 0 },
    ]),
  );
  expect(errors).toEqual([]);

  await signInToAdmin(page, hd.homeUrl, AGENT);
  await page.goto(`${hd.homeUrl}/admin/tickets/${await hd.ticketNumber(id)}`);
  const read = page.getByRole('list', { name: 'Read before filing' });
  await expect(read.getByRole('link', { name: 'Reset your password' })).toHaveAttribute('href', `${hd.homeUrl}/docs/reset-password/`);
  await expect(read).toContainText('opened');
  await page.screenshot({ path: shotPath(test.info(), 'read-before-filing.png'), fullPage: true });
});

test('a suggested answer (when the AI backend gives one) is offered first, read in the widget with the same question', async ({ page }) => {
  // The help desk here has no AI backend: its answer is added to the route's reply as one that has would send it.
  await page.route(
    // Asked for once the visitor pauses (answer=true), after the docs came.
    (url) => isSuggest(url.href) && url.searchParams.get('answer') === 'true',
    async (route) => {
      const reply = await route.fetch();
      const body = (await reply.json()) as Record<string, unknown>;
      await route.fulfill({
        response: reply,
        json: {
          ...body,
          answer: {
            text: 'Choose Forgot password on the sign-in page.\n\nSee [Reset your password](https://help.example/docs/reset-password/).',
            sources: [resetDoc],
          },
        },
      });
    },
  );
  await page.goto(`${host.origin}/strict`);
  await typeSubject(page, 'reset password');
  const list = suggestions(page);
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list.getByRole('listitem').first().getByRole('button')).toHaveText('Suggested answer');
  await list.getByRole('button', { name: 'Suggested answer' }).click();
  const view = dialog(page).getByRole('region', { name: 'Suggested answer' });
  await expect(view).toContainText('Choose Forgot password on the sign-in page.');
  await expect(view.getByRole('link', { name: 'Reset your password' }).first()).toHaveAttribute(
    'href',
    'https://help.example/docs/reset-password/',
  );
  await expect(view.getByText('Written from:')).toBeVisible();
  await view.getByRole('button', { name: 'Yes' }).click();
  await expect(view.getByText('Glad it helped!')).toBeFocused();
});

test.describe('axe-core (CSP bypassed only so that axe itself can be injected)', () => {
  test.use({ bypassCSP: true });

  test('keyboard only, light and dark, phone size: suggestions and the article are reachable and axe-clean', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${host.origin}/strict`);
    await launcher(page).focus();
    await page.keyboard.press('Enter');
    const d = dialog(page);
    await expect(d.getByLabel('Your Name')).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(d.getByLabel('Subject')).toBeFocused();
    await page.keyboard.type('reset password', { delay: 20 });
    const list = suggestions(page);
    await expect(list.getByRole('button', { name: 'Reset your password' })).toBeVisible();
    await expectAxeCleanLightAndDark(page, 'suggestions open');
    await page.emulateMedia({ colorScheme: 'dark' });
    await list.scrollIntoViewIfNeeded();
    await page.screenshot({ path: shotPath(test.info(), 'suggest-phone-dark.png') });
    await page.emulateMedia({ colorScheme: null });

    // Tab from the description reaches the suggestion; Enter opens it, Tab reaches Yes.
    await page.keyboard.press('Tab');
    await expect(d.getByLabel('Description')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(list.getByRole('button', { name: 'Reset your password' })).toBeFocused();
    await page.keyboard.press('Enter');
    const article = d.getByRole('region', { name: 'Reset your password' });
    await expect(article.getByRole('heading', { name: 'Reset your password' })).toBeFocused();
    await expectAxeCleanLightAndDark(page, 'an article open');
    const yes = article.getByRole('button', { name: 'Yes' });
    for (let i = 0; i < 6 && !(await yes.evaluate((el) => el === (el.getRootNode() as ShadowRoot).activeElement)); i++)
      await page.keyboard.press('Tab');
    await expect(yes).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(article.getByText('Glad it helped!')).toBeFocused();
    await expectAxeCleanLightAndDark(page, 'thanks');
  });

  test('Arabic: the suggestions and the article read right to left', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'ar', viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${host.origin}/strict`);
    await page.locator('helpdesk-widget').getByRole('button').click();
    const d = page.getByRole('dialog');
    await d.locator('#hd-subject').pressSequentially('reset password', { delay: 20 });
    const list = d.getByRole('region', { name: 'قد تجيب هذه المقالات عن سؤالك' });
    await expect(list.getByRole('button', { name: 'Reset your password' })).toBeVisible();
    expect(await page.locator('helpdesk-widget').getAttribute('dir')).toBe('rtl');
    await list.scrollIntoViewIfNeeded();
    await page.screenshot({ path: shotPath(test.info(), 'suggest-ar.png') });
    await list.getByRole('button', { name: 'Reset your password' }).click();
    await expect(d.getByRole('button', { name: 'لا، ما زلت بحاجة إلى مساعدة' })).toBeVisible();
    await expectAxeCleanLightAndDark(page, 'Arabic article');
    await page.screenshot({ path: shotPath(test.info(), 'suggest-ar-article.png') });
    await context.close();
  });

  test('the Deflection screen: funnel, rate, answers per doc and empty searches; axe-clean light and dark, phone, Arabic', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    // A search that finds nothing, kept once the visitor pauses on it.
    await page.goto(`${host.origin}/strict`);
    const nothing = page.waitForRequest((r) => r.method() === 'POST' && (r.postData() ?? '').includes('query='), { timeout: 10_000 });
    await typeSubject(page, 'quantum teleporter');
    await nothing;

    await signInToAdmin(page, hd.homeUrl, AGENT);
    await page.goto(`${hd.homeUrl}/admin/`);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'More' }).click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Deflection', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Deflection', level: 1 })).toBeVisible();
    const funnel = page.getByRole('table', { name: 'Funnel' });
    await expect(funnel.getByRole('row', { name: /Opened the widget/ })).toBeVisible();
    await expect(page.getByText(/Deflection rate: \d+%/)).toBeVisible();
    await expect(page.getByRole('table', { name: 'Answers per article' }).getByRole('row', { name: /Reset your password/ })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Searches that found nothing' })).toContainText('quantum teleporter');
    await expectAxeCleanLightAndDark(page, 'Deflection');
    await page.screenshot({ path: shotPath(test.info(), 'deflection.png'), fullPage: true });

    await page.setViewportSize({ width: 390, height: 844 });
    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: shotPath(test.info(), 'deflection-phone-dark.png'), fullPage: true });
    await page.emulateMedia({ colorScheme: null });

    await page.goto(`${hd.homeUrl}/admin/deflection?lang=ar`);
    await expect(page.getByRole('heading', { name: 'الحلول الذاتية', level: 1 })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expectAxeCleanLightAndDark(page, 'Deflection in Arabic');
    await page.screenshot({ path: shotPath(test.info(), 'deflection-ar.png'), fullPage: true });
  });
});
