import { axeViolations } from './axe.js';
import { expect, test } from './fixtures.js';
import { shotPath } from './shot-path.js';

// The widget in the visitor's language on a foreign page: Arabic, right to left, from the browser's locale; and the
// owner's wording from Settings (through the API) on the same page, without a rebuild.
test.describe('the widget speaks the visitor’s language', () => {
  test.use({ locale: 'ar', bypassCSP: true, viewport: { width: 375, height: 740 } });

  test('Arabic: texts, dir=rtl on the shadow host, no horizontal overflow at 375 px, axe-clean', async ({ page, helpdesk }, testInfo) => {
    await helpdesk.api('PATCH', '/settings', { tickets: { widget_launcher: {} } });
    await page.goto(`${helpdesk.hostOrigin}/strict`);
    const launcher = page.getByRole('button', { name: 'هل تحتاج إلى مساعدة؟' });
    await expect(launcher).toBeVisible();
    const host = page.locator('helpdesk-widget');
    await expect(host).toHaveAttribute('dir', 'rtl');
    await expect(host).toHaveAttribute('lang', 'ar');
    await launcher.click();
    const dialog = page.getByRole('dialog', { name: 'تواصل مع الدعم' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('الموضوع')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'إرسال الطلب' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: shotPath(testInfo, 'widget-ar.png') });
    expect(await axeViolations(page)).toEqual([]);
  });

  test('a text changed in Settings shows on the foreign page with no rebuild', async ({ page, helpdesk }) => {
    await helpdesk.api('PATCH', '/settings', { tickets: { widget_launcher: { ar: 'اسألنا' } } });
    await page.goto(`${helpdesk.hostOrigin}/strict`);
    await expect(page.getByRole('button', { name: 'اسألنا' })).toBeVisible({ timeout: 15_000 });
    await helpdesk.api('PATCH', '/settings', { tickets: { widget_launcher: {} } });
  });
});

// On the help site the widget speaks the page's language (the page's data-lang on its script), not the browser's.
test.describe('the widget on the help site', () => {
  test.use({ locale: 'en-US' });

  test('speaks the language the reader chose on the site (?lang, then the cookie), the pseudo-locale too', async ({ page, helpdesk }) => {
    await page.goto(`${helpdesk.homeUrl}/?lang=de`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.locator('helpdesk-widget').getByRole('button', { name: 'Brauchen Sie Hilfe?' })).toBeVisible();
    await expect(page.locator('helpdesk-widget')).toHaveAttribute('lang', 'de');

    await page.goto(`${helpdesk.homeUrl}/?lang=en-XA`);
    const launcher = page.locator('helpdesk-widget button.launch');
    await expect(launcher).toBeVisible();
    await expect(launcher).toHaveText(/^⟦.+⟧$/);
  });
});
