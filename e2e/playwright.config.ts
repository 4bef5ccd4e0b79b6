import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './chromium.js';

// The helpdesks the cases start (in the workers, which inherit this) refuse a query that bypasses an open
// transaction with an error rather than hanging on SQLite (server/db/transaction-bypass-guard.ts).
process.env.HELPDESK_CHECK_TRANSACTIONS = '1';

// `npx playwright test -c e2e/playwright.config.ts`: the widget against an imitation of the help site
// (widget-standalone/) and against the real helpdesk (*.e2e.ts here), in Debian's Chromium.
export default defineConfig({
  globalSetup: './require-chromium.ts',
  // Two files at a time: each worker has its own helpdesk (fixtures.ts), and most of a case is waiting
  // on the browser, the server or mail, so two workers finish CI's run in far less time on two cores.
  workers: 2,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: 'list',
  use: { browserName: 'chromium', launchOptions: chromiumLaunchOptions },
  projects: [
    { name: 'widget-standalone', testDir: './widget-standalone', testMatch: '*.e2e.ts' },
    { name: 'helpdesk', testDir: '.', testMatch: '*.e2e.ts', testIgnore: 'widget-standalone/**' },
  ],
});
