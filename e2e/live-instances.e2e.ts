// Two agents on two instances of the helpdesk sharing one PostgreSQL database (as behind a load balancer):
// what A does on instance 1 shows on B's page served by instance 2, through LISTEN/NOTIFY alone.
// Needs TEST_DATABASE_URL (as the PostgreSQL unit tests); skipped without it.
import { randomBytes } from 'node:crypto';
import { type Browser, expect, type Page, test } from '@playwright/test';
import pg from 'pg';
import { ADMIN, AGENT, signInToAdmin } from './admin-helpdesk.js';
import { axeViolations } from './axe.js';
import { type E2eService, startE2eService } from './start-e2e-service.js';

const adminUrl = process.env.TEST_DATABASE_URL;
const name = `helpdesk_e2e_${process.pid}_${randomBytes(4).toString('hex')}`;
let one: E2eService;
let two: E2eService;

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

test.skip(!adminUrl, 'TEST_DATABASE_URL is not set: no PostgreSQL for two instances');

test.beforeAll(async () => {
  await admin(`create database ${name}`);
  const url = new URL(adminUrl as string);
  url.pathname = `/${name}`;
  const env = { DATABASE_URL: url.href, HELPDESK_ENCRYPTION_SEED: randomBytes(32).toString('hex') };
  one = await startE2eService({
    env,
    staff: [
      { ...ADMIN, role: 'admin' },
      { ...AGENT, role: 'agent' },
    ],
    settings: { tickets: { create_accounts: true, min_fill_seconds: 0 } },
  });
  // The second instance finds the accounts and settings in the shared database.
  two = await startE2eService({ env, staff: [] });
});
test.afterAll(async () => {
  await two?.close();
  await one?.close();
  if (adminUrl) await admin(`drop database if exists ${name} with (force)`);
});

async function signedIn(browser: Browser, service: E2eService, who: { email: string; password: string; name: string }): Promise<Page> {
  const page = await (await browser.newContext({ bypassCSP: true })).newPage();
  await signInToAdmin(page, service.homeUrl, who);
  return page;
}

// The page must change by itself, without a reload: what is checked is that the event arrives, not how fast (no
// test asserts a time). On a loaded two-core CI machine the path — NOTIFY, the other instance's stream, the page's
// fetch — took over two seconds, so the wait is the one every other expectation has.
const LIVE = { timeout: 10_000 };

test("A's reply and close on instance 1 show on B's page from instance 2, with presence both ways", async ({ browser }) => {
  const { number } = await one.api<{ number: number }>('POST', '/tickets/', {
    name: 'Casey Client',
    email: `two-instances-${Date.now()}@client.test`,
    subject: 'Wrong size delivered',
    description: 'I ordered M.',
  });
  const [a, b] = await Promise.all([signedIn(browser, one, ADMIN), signedIn(browser, two, AGENT)]);
  await Promise.all([a.goto(`${one.homeUrl}/admin/tickets/${number}`), b.goto(`${two.homeUrl}/admin/tickets/${number}`)]);
  await expect(a.getByTestId('presence')).toHaveText(`${AGENT.name} is viewing`);
  await expect(b.getByTestId('presence')).toHaveText(`${ADMIN.name} is viewing`);

  await b.getByLabel('Reply', { exact: true }).fill('Checking the stock.');
  await expect(a.getByTestId('presence')).toHaveText(`${AGENT.name} is replying`, LIVE);

  await a.getByLabel('Reply', { exact: true }).fill('A size M is on its way.');
  await a.getByRole('button', { name: 'Send reply' }).click();
  await expect(b.getByText('A size M is on its way.')).toBeVisible(LIVE);
  await a.getByLabel('Status').selectOption('closed');
  await expect(b.getByTestId('ticket-status')).toHaveText('Closed', LIVE);
  await expect(b.getByLabel('Reply', { exact: true })).toHaveValue('Checking the stock.');
  expect(await axeViolations(b)).toEqual([]);
});
