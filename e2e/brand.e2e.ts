// The owner's brand colour and logo beyond the widget: the help site's buttons, header and launcher, and the admin
// bar, under the pages' real CSP (no inline style), readable in light and dark mode.
import { type Browser, expect, type Page, test } from '@playwright/test';
import { saveSiteLogo } from '../server/settings/site-logo.js';
import { updateSiteOptions } from '../server/settings/site-options.js';
import { solidPng } from '../server/test/png.js';
import { ADMIN, signInToAdmin, useAdminHelpdesk } from './admin-helpdesk.js';
import { axeViolations } from './axe.js';

const hd = useAdminHelpdesk();
// Yellow: only black text reads on it, so a white label (the theme's old one) would fail axe's contrast check.
const YELLOW = 'rgb(255, 204, 0)';
const BLACK = 'rgb(0, 0, 0)';

test.beforeAll(async () => {
  await updateSiteOptions(hd.db, { site_name: 'Acme', brand_color: '#ffcc00' });
  await saveSiteLogo(hd.db, solidPng(8, 8, [200, 30, 30]));
});

const colours = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el) => {
      const style = getComputedStyle(el);
      return { background: style.backgroundColor, color: style.color, borderTop: style.borderTopColor };
    });

const launcherColours = (page: Page) =>
  page.evaluate(() => {
    const launcher = document.querySelector('helpdesk-widget')?.shadowRoot?.querySelector('.launch');
    if (!launcher) return null;
    const style = getComputedStyle(launcher);
    return { background: style.backgroundColor, color: style.color };
  });

async function newPage(browser: Browser, colorScheme: 'light' | 'dark', bypassCSP = false): Promise<Page> {
  const context = await browser.newContext({ colorScheme, bypassCSP, viewport: { width: 1280, height: 900 } });
  return context.newPage();
}

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the help site's buttons, header and launcher wear the brand colour with readable text (${colorScheme})`, async ({ browser }) => {
    // The pages' own CSP in force: the colour must arrive by a stylesheet, not an inline style.
    const page = await newPage(browser, colorScheme);
    await page.goto(`${hd.homeUrl}/`);
    expect(await colours(page, '.button-link:not(.secondary)')).toMatchObject({ background: YELLOW, color: BLACK });
    expect((await colours(page, '.site-header')).borderTop).toBe(YELLOW);
    // The widget's launcher is branded before anyone opens it.
    await expect.poll(() => launcherColours(page)).toEqual({ background: YELLOW, color: BLACK });
    await page.goto(`${hd.homeUrl}/login/`);
    expect(await colours(page, 'main button[type="submit"]')).toMatchObject({ background: YELLOW, color: BLACK });
    await page.context().close();

    const axePage = await newPage(browser, colorScheme, true);
    for (const path of ['/', '/login/', '/tickets/new/']) {
      await axePage.goto(`${hd.homeUrl}${path}`);
      await expect.poll(() => launcherColours(axePage).then((c) => c?.background ?? YELLOW)).toBe(YELLOW);
      expect(await axeViolations(axePage), `${path} in ${colorScheme} mode`).toEqual([]);
    }
    await axePage.context().close();
  });

  test(`the admin bar shows the logo, the site name and the brand colour (${colorScheme})`, async ({ browser }) => {
    const page = await newPage(browser, colorScheme);
    await signInToAdmin(page, hd.homeUrl, ADMIN);
    await expect(page.locator('.topbar .brand')).toHaveText('Acme');
    await expect(page.locator('.topbar .brand-logo')).toHaveAttribute('src', /\/site-logo\?v=/);
    // The admin app draws the bar after the page's load event: the logo may still be on its way.
    await expect.poll(() => page.locator('.topbar .brand-logo').evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(8);
    expect((await colours(page, '.topbar')).borderTop).toBe(YELLOW);
    await page.context().close();

    const axePage = await newPage(browser, colorScheme, true);
    await signInToAdmin(axePage, hd.homeUrl, ADMIN);
    await expect(axePage.locator('[aria-busy="true"]')).toHaveCount(0);
    expect(await axeViolations(axePage), `the inbox in ${colorScheme} mode`).toEqual([]);
    await axePage.context().close();
  });
}
