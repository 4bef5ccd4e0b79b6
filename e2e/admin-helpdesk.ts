// The real helpdesk for the admin app's browser tests: SQLite in a temp folder, a real SMTP server,
// an admin and an agent with passwords, and a site plugin that adds a settings tab through
// helpdesk_settings_menus (the admin app must render and save it with no change of its own).
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { createSession } from '../server/auth/sessions.js';
import type { SitePlugin } from '../server/config/config-types.js';
import { loadConfig } from '../server/config/load-config.js';
import { createDb } from '../server/db/create-db.js';
import { migrateToLatest } from '../server/db/migrate.js';
import type { Database } from '../server/db/tables.js';
import { addUser } from '../server/domain/add-user.js';
import { createApiToken } from '../server/domain/api-tokens.js';
import { createDomainContext } from '../server/domain/context.js';
import { setPasswordByEmail } from '../server/domain/staff-users.js';
import { loadHooks } from '../server/hooks/load-plugins.js';
import { type RunningService, startService } from '../server/start-service.js';
import { type SmtpSink, startSmtpSink } from '../server/test/smtp-sink.js';

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
  /** A session cookie value for a client account (as the mailed link would start). */
  clientSession(email: string): Promise<string>;
  close(): Promise<void>;
}

const listen = (server: Server): Promise<number> =>
  new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));

/** `cloudSite`: HELPDESK_CLOUD_SITE, the AI backend (a local fake in the tests). */
export async function startAdminHelpdesk(options: { cloudSite?: string } = {}): Promise<AdminHelpdesk> {
  const smtp = await startSmtpSink();
  const dataDir = mkdtempSync(join(tmpdir(), 'helpdesk-admin-'));
  const probe = createServer();
  const port = await listen(probe);
  await new Promise((resolve) => probe.close(resolve));
  const homeUrl = `http://127.0.0.1:${port}`;
  const config = await loadConfig({ PORT: String(port), HOST: '127.0.0.1', HELPDESK_HOME_URL: homeUrl, HELPDESK_DATA_DIR: dataDir, LOG_LEVEL: 'silent', SMTP_URL: smtp.url, ...(options.cloudSite && { HELPDESK_CLOUD_SITE: options.cloudSite }) }, dataDir);
  config.plugins = [addAcmeTab];

  const setupDb = createDb({ url: config.databaseUrl });
  let token: string;
  try {
    await migrateToLatest(setupDb);
    const ctx = createDomainContext(setupDb, await loadHooks(config));
    const admin = await addUser(ctx, { email: ADMIN.email, name: ADMIN.name, role: 'admin' });
    await addUser(ctx, { email: AGENT.email, name: AGENT.name, role: 'agent' });
    await setPasswordByEmail(ctx, ADMIN.email, ADMIN.password);
    await setPasswordByEmail(ctx, AGENT.email, AGENT.password);
    token = await createApiToken(ctx.db, admin.id, 'e2e');
  } finally {
    await setupDb.close();
  }
  const service: RunningService = await startService(config, () => {});
  const api = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${homeUrl}/api/helpdesk/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body !== undefined && { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return (res.status === 204 ? undefined : await res.json()) as T;
  };
  await api('PATCH', '/settings', { tickets: { create_accounts: true, min_fill_seconds: 0 } });
  await api('POST', '/products/', { name: 'Storefront' });
  const db = service.db.kysely;

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
    async clientSession(email) {
      const user = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
      return createSession(db, user.id);
    },
    async close() {
      await service.stop();
      await smtp.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
