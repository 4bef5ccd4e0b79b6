import type { Page } from '@playwright/test';

/**
 * Collects what went wrong on the page: console errors, uncaught exceptions and CSP violations
 * (reported through the console so that no test global is added to the page).
 */
export async function collectPageErrors(page: Page): Promise<string[]> {
  const errors: string[] = [];
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`));
  });
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}
