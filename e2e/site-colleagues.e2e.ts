// The help site's "People copied in", in Chromium against the real helpdesk: the ticket's client adds a colleague
// with the plain form; the colleague (same organisation, sharing on) signs in, reads the ticket and downloads its
// file, which a client of another organisation cannot. Axe-clean; screenshots light, dark, 390 px and Arabic.
import { expect, type Page, test } from '@playwright/test';
import { useAdminHelpdesk } from './admin-helpdesk.js';
import { axeViolations } from './axe.js';
import { expectNoHorizontalOverflow, expectRtl } from './rtl-checks.js';
import { shotPath } from './shot-path.js';

const hd = useAdminHelpdesk();
test.beforeAll(async () => {
  await hd.api('PATCH', '/settings', { tickets: { organisation_sharing: true } });
  await hd.api('POST', '/organisations/', { name: 'Acme', domains: ['acme-e2e.test'] });
  await hd.api('POST', '/organisations/', { name: 'Other', domains: ['other-e2e.test'] });
});

test.use({ bypassCSP: true }); // only so that axe can be injected

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

async function signIn(page: Page, email: string): Promise<void> {
  await page.context().addCookies([{ name: 'hd_session', value: await hd.clientSession(email), url: `${hd.homeUrl}/` }]);
}

test('the owner copies a colleague in; the colleague reads the shared ticket and downloads its file; an outsider cannot', async ({
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const owner = 'olga@acme-e2e.test';
  const colleague = 'cleo@acme-e2e.test';
  const outsider = 'oscar@other-e2e.test';
  const id = await hd.fileTicket(owner, 'The shared printer jams');
  await hd.fileTicket(outsider, 'Something else');
  const thread = `${hd.homeUrl}/tickets/?ticket=${await hd.ticketNumber(id)}`;

  const ownerContext = await browser.newContext({ locale: 'en-GB' });
  const page = await ownerContext.newPage();
  await signIn(page, owner);
  await page.goto(thread);
  await page.getByLabel('Your reply').fill('A photo of the jam.');
  await page.getByLabel('Attach files (optional)').setInputFiles([{ name: 'jam.png', mimeType: 'image/png', buffer: PNG }]);
  await page.getByRole('button', { name: 'Send reply' }).click();
  await expect(page.getByText('Your reply was sent.')).toBeVisible();

  const panel = page.getByRole('region', { name: 'People copied in' });
  await expect(panel).toContainText('Nobody else is copied in on this ticket.');
  await panel.getByLabel('Add a colleague (their email address)').fill(colleague);
  await panel.getByRole('button', { name: 'Add colleague' }).click();
  await expect(page.getByRole('status')).toHaveText('Your colleague is copied in: they will get our replies by email.');
  await expect(panel.getByRole('listitem')).toContainText(colleague);
  await expect(panel.getByRole('button', { name: 'Remove cleo' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: shotPath(testInfo, 'site-colleagues-light.png'), fullPage: true });

  // A refused address comes back in plain words with what was typed.
  await page.goto(thread);
  await panel.getByLabel('Add a colleague (their email address)').fill(owner);
  await panel.getByRole('button', { name: 'Add colleague' }).click();
  await expect(page.getByRole('alert')).toHaveText('That is your own address: you get this ticket’s replies already.');
  await expect(page.getByLabel('Add a colleague (their email address)')).toHaveValue(owner);
  expect(await axeViolations(page)).toEqual([]);
  await ownerContext.close();

  for (const look of [
    { name: 'dark', colorScheme: 'dark', width: 1280, lang: 'en' },
    { name: '390', colorScheme: 'light', width: 390, lang: 'en' },
    { name: 'ar', colorScheme: 'light', width: 1280, lang: 'ar' },
  ] as const) {
    const context = await browser.newContext({ colorScheme: look.colorScheme, viewport: { width: look.width, height: 900 } });
    const shown = await context.newPage();
    await signIn(shown, owner);
    await shown.goto(`${thread}&lang=${look.lang}`);
    if (look.lang === 'ar') {
      await expectRtl(shown, 'ar');
      await expect(shown.getByRole('region', { name: 'الأشخاص المُضافون في النسخة' })).toContainText(colleague);
    } else {
      await expect(shown.getByRole('region', { name: 'People copied in' })).toContainText(colleague);
    }
    await expectNoHorizontalOverflow(shown);
    expect(await axeViolations(shown), look.name).toEqual([]);
    await shown.screenshot({ path: shotPath(testInfo, `site-colleagues-${look.name}.png`), fullPage: true });
    await context.close();
  }

  // The colleague, signed in, reads the ticket (organisation sharing) and downloads its file.
  const colleagueContext = await browser.newContext();
  const colleaguePage = await colleagueContext.newPage();
  await signIn(colleaguePage, colleague);
  await colleaguePage.goto(thread);
  await expect(colleaguePage.getByRole('heading', { name: 'The shared printer jams' })).toBeVisible();
  const link = colleaguePage.getByRole('list', { name: 'Attached files' }).getByRole('link', { name: /jam\.png/ });
  const href = (await link.getAttribute('href')) as string;
  const file = await colleagueContext.request.get(href);
  expect(file.status()).toBe(200);
  expect(Buffer.from(await file.body()).equals(PNG)).toBe(true);
  // Theirs to read, the owner's to answer: no reply box.
  await expect(colleaguePage.getByText('Casey Client filed this ticket.', { exact: false })).toBeVisible();
  await expect(colleaguePage.getByLabel('Your reply')).toHaveCount(0);
  expect(await axeViolations(colleaguePage)).toEqual([]);
  await colleaguePage.goto(`${thread}&lang=ar`);
  await expectRtl(colleaguePage, 'ar');
  expect(await axeViolations(colleaguePage)).toEqual([]);
  await colleaguePage.screenshot({ path: shotPath(testInfo, 'site-colleagues-shared-ar.png'), fullPage: true });
  await colleagueContext.close();

  // A client of another organisation gets neither the ticket nor the file.
  const outsiderContext = await browser.newContext();
  const outsiderPage = await outsiderContext.newPage();
  await signIn(outsiderPage, outsider);
  expect((await outsiderPage.goto(thread))?.status()).toBe(404);
  expect((await outsiderContext.request.get(href)).status()).toBe(404);
  await outsiderContext.close();
});
