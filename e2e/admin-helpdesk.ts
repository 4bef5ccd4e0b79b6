// The real helpdesk for the admin app's browser tests: SQLite in a temp folder, a real SMTP server,
// an admin and an agent with passwords, and a site plugin that adds a settings tab through
// helpdesk_settings_menus (the admin app must render and save it with no change of its own).
import { expect, type Page, test } from '@playwright/test';
import type { Kysely } from 'kysely';
import { createSession } from '../server/auth/sessions.js';
import type { SitePlugin } from '../server/config/config-types.js';
import type { Database } from '../server/db/tables.js';
import { type SmtpSink, startSmtpSink } from '../server/test/smtp-sink.js';
import { startE2eService } from './start-e2e-service.js';

export const ADMIN = { email: 'admin@help.test', password: 'admin password 1', name: 'Ada Admin' };
export const AGENT = { email: 'agent@help.test', password: 'agent password 1', name: 'Alex Agent' };

/** The plugin a site owner would put in helpdesk.config.ts. */
export const addAcmeTab: SitePlugin = (hooks) => {
  hooks.addFilter('helpdesk_settings_menus', 'acme/tab', (menus) => ({
    ...menus,
    acme: {
      label: 'Acme',
      sections: {
        branding: {
          label: 'Branding',
          desc: 'Added by the acme/tab plugin.',
          fields: { greeting: { type: 'text', label: 'Greeting line', default: 'Hello from Acme' } },
        },
      },
    },
  }));
};

export interface AdminHelpdesk {
  homeUrl: string;
  smtp: SmtpSink;
  db: Kysely<Database>;
  /** The management API with the admin's Bearer token. */
  api<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<T>;
  /** Files a ticket through the public route (as the widget does); returns its id. */
  fileTicket(email: string, subject: string, extra?: Record<string, string>): Promise<number>;
  /** Event streams (`GET …/events`) the server has open now, from any browser. */
  openEventStreams(): number;
  /** The number people read (#1) of the ticket with this id: the admin app's and help site's addresses use it. */
  ticketNumber(id: number): Promise<number>;
  /** A session cookie value for a client account (as the mailed link would start). */
  clientSession(email: string): Promise<string>;
  close(): Promise<void>;
}

/**
 * `cloudSite`: HELPDESK_CLOUD_SITE, the AI backend (a local fake in the tests). `withoutSmtp`: no SMTP_URL,
 * as on a fresh install (mail goes to .eml files; the sink is started but gets nothing).
 */
export async function startAdminHelpdesk(options: { cloudSite?: string; withoutSmtp?: boolean } = {}): Promise<AdminHelpdesk> {
  const smtp = await startSmtpSink();
  const { homeUrl, service, api, close } = await startE2eService({
    env: {
      ...(!options.withoutSmtp && { SMTP_URL: smtp.url }),
      ...(options.cloudSite && { HELPDESK_CLOUD_SITE: options.cloudSite }),
    },
    plugins: [addAcmeTab],
    staff: [
      { ...ADMIN, role: 'admin' },
      { ...AGENT, role: 'agent' },
    ],
    settings: { tickets: { create_accounts: true, min_fill_seconds: 0 } },
  });
  await api('POST', '/products/', { name: 'Storefront' });
  const db = service.db.kysely;
  // Counted where the server answers, not in the browser: a shared worker's requests are not the pages'.
  let streams = 0;
  service.app.server.on('request', (request, response) => {
    if (new URL(request.url ?? '/', homeUrl).pathname !== '/api/helpdesk/v1/events') return;
    streams += 1;
    response.on('close', () => {
      streams -= 1;
    });
  });

  return {
    homeUrl,
    smtp,
    db,
    api,
    async fileTicket(email, subject, extra = {}) {
      const res = await fetch(`${homeUrl}/api/helpdesk/v1/tickets/`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ name: 'Casey Client', email, subject, description: `About: ${subject}`, ...extra }),
      });
      if (res.status !== 201) throw new Error(`ticket: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { id: number }).id;
    },
    openEventStreams: () => streams,
    async ticketNumber(id) {
      const row = await db.selectFrom('posts').select('number').where('id', '=', id).executeTakeFirstOrThrow();
      return row.number as number;
    },
    async clientSession(email) {
      const user = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
      return createSession(db, user.id);
    },
    async close() {
      await close();
      await smtp.close();
    },
  };
}

/** Signs `who` in on the admin app's own form and waits for their name in its top bar. */
export async function signInToAdmin(page: Page, homeUrl: string, who: { email: string; password: string; name: string }): Promise<void> {
  await page.goto(`${homeUrl}/admin/`);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // Checking the password (a deliberately slow hash) and loading the admin app took just over the default 5 s
  // once in CI, with the other worker's browser and helpdesk busy on the same two cores.
  await expect(page.locator('.account-name')).toContainText(who.name, { timeout: 15_000 });
}

/** The screens behind "More" in the admin's top bar (admin/src/shell/main-nav.tsx). */
const BEHIND_MORE = new Set([
  'Clients',
  'Organisations',
  'Products',
  'Reasons',
  'Urgencies',
  'Statuses',
  'Agents',
  'Accounts',
  'Business hours',
  'Service levels',
  'Rules',
  'API tokens',
  'Webhooks',
  'Audit log',
  'Settings',
  'Deflection',
]);

/** Opens a screen from the admin's main navigation, through "More" for the seldom-used ones (a wide window). */
export async function openAdminScreen(page: Page, name: string): Promise<void> {
  const nav = page.getByRole('navigation', { name: 'Main' });
  if (BEHIND_MORE.has(name)) await nav.getByRole('button', { name: 'More' }).click();
  await nav.getByRole('link', { name, exact: true }).click();
}

/**
 * One helpdesk for the file (or the describe block) it is called in: started before its first test, closed after its
 * last. The handle reads through to the started helpdesk, so a file writes `hd.homeUrl` as if it held it; touched
 * before `beforeAll` has run (at a file's top level), it says so instead of answering undefined.
 */
export function useAdminHelpdesk(options: Parameters<typeof startAdminHelpdesk>[0] = {}): AdminHelpdesk {
  let started: AdminHelpdesk | undefined;
  test.beforeAll(async () => {
    started = await startAdminHelpdesk(options);
  });
  test.afterAll(async () => {
    await started?.close();
  });
  return new Proxy({} as AdminHelpdesk, {
    get(_, key) {
      if (!started) throw new Error(`the helpdesk is used before its beforeAll has started it (reading ${String(key)})`);
      const value = started[key as keyof AdminHelpdesk];
      return typeof value === 'function' ? value.bind(started) : value;
    },
  });
}
