import { test as base, expect, type Page } from '@playwright/test';
import { collectPageErrors } from '../page-errors.js';
import { type Imitation, startImitation } from './imitation-server.js';

interface Fixtures {
  /** The imitation with its request log cleared for this test. */
  site: Imitation;
  /** CSP violations and console errors seen by the page. */
  pageErrors: string[];
}

export const test = base.extend<Fixtures, { servers: Imitation }>({
  servers: [
    async ({}, use) => {
      const servers = await startImitation();
      await use(servers);
      await servers.close();
    },
    { scope: 'worker' },
  ],
  site: async ({ servers }, use) => {
    servers.reset();
    await use(servers);
  },
  pageErrors: async ({ page }, use) => {
    await use(await collectPageErrors(page));
  },
});

export { expect };

/** Loads a host page and waits for the launcher. */
export async function openHostPage(page: Page, site: Imitation, path = '/strict'): Promise<void> {
  await page.goto(site.hostOrigin + path);
  await expect(launcher(page)).toBeVisible();
}

export const launcher = (page: Page) => page.getByRole('button', { name: 'Need Help?' });
export const dialog = (page: Page) => page.getByRole('dialog', { name: 'Contact support' });

/** Fills the four required fields. */
export async function fillRequired(page: Page, email = 'ann@example.com'): Promise<void> {
  const d = dialog(page);
  await d.getByLabel('Your Name').fill('Ann Example');
  await d.getByLabel('Your Email').fill(email);
  await d.getByLabel('Subject').fill('Cannot check out');
  await d.getByLabel('Description').fill('The pay button does nothing.\nLine two & more = "quoted".');
}

/** POST bodies the imitation received, parsed. */
export const posts = (site: Imitation): URLSearchParams[] =>
  site.requests.filter((r) => r.method === 'POST').map((r) => new URLSearchParams(r.body));
