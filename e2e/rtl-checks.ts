// Checks every right-to-left browser test shares: the page says its language and direction, and nothing sticks
// out sideways (the usual sign of a `left`/`right` where a logical property belongs).
import { expect, type Locator, type Page } from '@playwright/test';

/**
 * `<html>` carries `dir="rtl"` and the language (`lang="ar"`, or a regional `ar-EG`), and the body is laid out
 * right to left.
 */
export async function expectRtl(page: Page, language = 'ar'): Promise<void> {
  const seen = await page.evaluate(() => ({
    dir: document.documentElement.getAttribute('dir'),
    lang: document.documentElement.getAttribute('lang'),
    direction: getComputedStyle(document.body).direction,
  }));
  expect(
    { dir: seen.dir, lang: seen.lang?.split('-')[0]?.toLowerCase() ?? null, direction: seen.direction },
    `${page.url()}: <html dir lang> and the body's direction`,
  ).toEqual({ dir: 'rtl', lang: language, direction: 'rtl' });
}

/**
 * An element (in a shadow root too, such as the widget's dialog) is laid out right to left and sits inside an
 * element that says its language: a shadow root does not inherit the host page's `lang` for screen readers' sake.
 */
export async function expectRtlWithin(element: Locator, language = 'ar'): Promise<void> {
  const seen = await element.evaluate((node) => {
    const inRoot = node.closest('[lang]');
    return { direction: getComputedStyle(node).direction, lang: inRoot?.getAttribute('lang')?.split('-')[0]?.toLowerCase() ?? null };
  });
  expect(seen, 'direction and lang inside the element’s own tree').toEqual({ direction: 'rtl', lang: language });
}

/**
 * Nothing scrolls or sticks out sideways: the page is no wider than the window, and no visible element (open
 * shadow roots included) reaches past either edge — right-to-left overflow goes off the left edge, where it is
 * clipped rather than scrollable, so the page's width alone would not show it. An element wholly off-screen (a
 * skip link waiting for focus) is hidden on purpose and passes. Elements inside a container that
 * scrolls or clips sideways on purpose (a wide table in an `overflow-x: auto` box) are that container's business.
 * Fails naming up to five offenders.
 */
export async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  const found = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const problems: string[] = [];
    if (document.documentElement.scrollWidth > width + 1) {
      problems.push(`the page is ${document.documentElement.scrollWidth}px wide in a ${width}px window`);
    }
    const describe = (el: Element) =>
      el.tagName.toLowerCase() +
      (el.id ? `#${el.id}` : '') +
      (typeof el.className === 'string' && el.className.trim() ? `.${el.className.trim().split(/\s+/).join('.')}` : '');
    // Whether an ancestor (in this tree or a shadow host's) clips or scrolls sideways.
    const clipped = (el: Element): boolean => {
      let node: Element | null = el.parentElement ?? ((el.getRootNode() as ShadowRoot).host || null);
      while (node && node !== document.body && node !== document.documentElement) {
        const overflow = getComputedStyle(node).overflowX;
        if (overflow !== 'visible') return true;
        node = node.parentElement ?? ((node.getRootNode() as ShadowRoot).host || null);
      }
      return false;
    };
    const visit = (root: Document | ShadowRoot) => {
      for (const el of root.querySelectorAll('*')) {
        if (el.shadowRoot) visit(el.shadowRoot);
        if (!el.checkVisibility({ visibilityProperty: true })) continue;
        const rect = el.getBoundingClientRect();
        if (rect.width === 0 || rect.height === 0) continue;
        // Straddling an edge; wholly off-screen is the hiding trick of skip links, on purpose.
        const straddles = (rect.left < -1 && rect.right > 0) || (rect.right > width + 1 && rect.left < width);
        if (straddles && !clipped(el)) {
          problems.push(`${describe(el)} spans ${Math.round(rect.left)}…${Math.round(rect.right)}px of ${width}px`);
        }
      }
    };
    visit(document);
    return problems;
  });
  expect(found.slice(0, 6), `${page.url()}: horizontal overflow`).toEqual([]);
}
