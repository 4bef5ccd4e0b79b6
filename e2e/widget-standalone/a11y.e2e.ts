import { axeViolations } from '../axe.js';
import { dialog, expect, fillRequired, launcher, openHostPage, test } from './fixtures.js';

test.describe('axe-core (CSP bypassed only so axe itself can be injected)', () => {
  test.use({ bypassCSP: true });

  test('no violations on the open form, the error state and the success state', async ({ page, site }) => {
    await openHostPage(page, site);
    expect(await axeViolations(page)).toEqual([]);

    await launcher(page).click();
    const d = dialog(page);
    await expect(d.getByLabel('Urgency')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    // Client-side errors at the fields.
    await d.getByRole('button', { name: 'Send ticket' }).click();
    await expect(d.getByLabel('Your Name')).toHaveAttribute('aria-invalid', 'true');
    expect(await axeViolations(page)).toEqual([]);

    // Server-side errors, including a form-level alert.
    site.postMode = 'invalid';
    await fillRequired(page);
    await d.getByRole('button', { name: 'Send ticket' }).click();
    await expect(d.getByLabel('Your Email')).toHaveAttribute('aria-invalid', 'true');
    expect(await axeViolations(page)).toEqual([]);

    site.postMode = 'ok';
    await d.getByLabel('Your Email').fill('ann@example.com');
    await d.getByRole('button', { name: 'Send ticket' }).click();
    await expect(d.getByRole('status')).toContainText('was filed');
    expect(await axeViolations(page)).toEqual([]);
  });
});

for (const { width, height } of [
  { width: 320, height: 568 },
  // 1280×800 at 200% zoom lays out like a 640×400 viewport.
  { width: 640, height: 400 },
]) {
  test(`usable at ${width}×${height}: full-width, scrolls vertically, never horizontally`, async ({ page, site }) => {
    await page.setViewportSize({ width, height });
    await openHostPage(page, site);
    await launcher(page).click();
    const d = dialog(page);
    await expect(d.getByLabel('Your Name')).toBeFocused();
    const box = await d.evaluate((el) => {
      const r = el.getBoundingClientRect();
      return { left: r.left, right: r.right, top: r.top, bottom: r.bottom, sw: el.scrollWidth, cw: el.clientWidth };
    });
    expect(box.left).toBeGreaterThanOrEqual(0);
    expect(box.right).toBeLessThanOrEqual(width);
    expect(box.bottom).toBeLessThanOrEqual(height);
    expect(box.sw).toBeLessThanOrEqual(box.cw);
    if (width <= 520) expect(box.right - box.left).toBe(width);
    // The last control can be reached by scrolling inside the dialog.
    await fillRequired(page);
    await d.getByRole('button', { name: 'Send ticket' }).click();
    await expect(d.getByRole('status')).toContainText('was filed');
  });
}

test('screenshots of the open form at 1280 px and 320 px', async ({ page, site }) => {
  for (const [width, height, path] of [
    [1280, 800, '/strict'],
    [320, 640, '/strict'],
    [1280, 800, '/hostile'],
  ] as const) {
    await page.setViewportSize({ width, height });
    await openHostPage(page, site, path);
    await launcher(page).click();
    const d = dialog(page);
    await expect(d.getByLabel('Urgency')).toBeVisible();
    await d.getByLabel('Your Name').fill('Ann Example');
    // Focus ring on the email field for the picture.
    await d.getByLabel('Your Email').focus();
    const name = `/tmp/helpdesk-widget-${width}${path === '/hostile' ? '-hostile' : ''}.png`;
    await page.screenshot({ path: name });
  }
  // The launcher alone and an error state, for review.
  await page.setViewportSize({ width: 1280, height: 800 });
  await openHostPage(page, site);
  await page.screenshot({ path: '/tmp/helpdesk-widget-launcher.png' });
  await launcher(page).click();
  site.postMode = 'invalid';
  await fillRequired(page);
  await dialog(page).getByRole('button', { name: 'Send ticket' }).click();
  await expect(dialog(page).getByLabel('Your Email')).toBeFocused();
  await page.screenshot({ path: '/tmp/helpdesk-widget-errors.png', fullPage: false });
});
