import { test as base, expect, type Page } from '@playwright/test';
import { collectPageErrors } from './page-errors.js';
import { type RealHelpdesk, startRealHelpdesk } from './real-helpdesk.js';

interface TestFixtures {
  /** The helpdesk at the root of its origin, "Create accounts for new clients" on. */
  helpdesk: RealHelpdesk;
  /** CSP violations, console errors and uncaught exceptions seen by the page. */
  pageErrors: string[];
}

interface WorkerFixtures {
  rootHelpdesk: RealHelpdesk;
  /** A second helpdesk whose home URL has a path prefix (…/help); started only by tests that use it. */
  prefixedHelpdesk: RealHelpdesk;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  rootHelpdesk: [
    async ({}, use) => {
      const helpdesk = await startRealHelpdesk();
      await use(helpdesk);
      await helpdesk.close();
    },
    { scope: 'worker' },
  ],
  prefixedHelpdesk: [
    async ({}, use) => {
      const helpdesk = await startRealHelpdesk({ basePath: '/help' });
      await helpdesk.setCreateAccounts(true);
      await use(helpdesk);
      await helpdesk.close();
    },
    { scope: 'worker' },
  ],
  helpdesk: async ({ rootHelpdesk }, use) => {
    await rootHelpdesk.setCreateAccounts(true);
    await rootHelpdesk.setHideAccounts(false);
    await use(rootHelpdesk);
  },
  pageErrors: async ({ page }, use) => {
    await use(await collectPageErrors(page));
  },
});

export { expect };

export const launcher = (page: Page) => page.getByRole('button', { name: 'Need Help?' });
export const dialog = (page: Page) => page.getByRole('dialog', { name: 'Contact support' });
export const sendButton = (page: Page) => dialog(page).getByRole('button', { name: 'Send ticket' });

/** Opens a host page of the foreign site and waits for the widget's launcher. */
export async function openHostPage(page: Page, helpdesk: RealHelpdesk, path: '/strict' | '/hostile' = '/strict'): Promise<void> {
  recordFiledTickets(page);
  await page.goto(helpdesk.hostOrigin + path);
  await expect(launcher(page)).toBeVisible();
}

let emailCounter = 0;
/** A fresh client email for one test (the database lives as long as the worker). */
export function newEmail(who = 'client'): string {
  emailCounter += 1;
  return `${who}${emailCounter}@client.test`;
}

/** Fills the four required fields. */
export async function fillRequired(page: Page, email: string, subject = 'Cannot check out'): Promise<void> {
  const d = dialog(page);
  await d.getByLabel('Your Name').fill('Ann Example');
  await d.getByLabel('Your Email').fill(email);
  await d.getByLabel('Subject').fill(subject);
  await d.getByLabel('Description').fill('The pay button does nothing.\nLine two & more = "quoted".');
}

// The widget names the ticket's number (#1, #2, …); routes and the database use its id, which only the
// POST's answer carries. Recorded per page from the answer the widget itself got.
const filedIds = new WeakMap<Page, number[]>();

function recordFiledTickets(page: Page): void {
  if (filedIds.has(page)) return;
  const ids: number[] = [];
  filedIds.set(page, ids);
  page.on('response', async (response) => {
    if (response.request().method() !== 'POST' || !/\/api\/helpdesk\/v1\/tickets\/$/.test(response.url())) return;
    const body = (await response.json().catch(() => null)) as { id?: unknown } | null;
    if (typeof body?.id === 'number') ids.push(body.id);
  });
}

/** The number the success message names (what the client reads). */
export async function filedTicketNumber(page: Page): Promise<number> {
  const status = dialog(page).getByRole('status');
  await expect(status).toContainText('was filed');
  return Number(/#(\d+)/.exec((await status.textContent()) ?? '')?.[1]);
}

/** The id (the key of routes and rows) of the ticket the success message names. */
export async function filedTicketId(page: Page): Promise<number> {
  await filedTicketNumber(page);
  const ids = filedIds.get(page) ?? [];
  await expect.poll(() => ids.length, { message: "the widget's POST answer" }).toBeGreaterThan(0);
  return ids[ids.length - 1] as number;
}
