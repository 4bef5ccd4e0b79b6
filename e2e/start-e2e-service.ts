// The one way the browser tests start the real helpdesk: SQLite in a temp folder, configured from an
// environment as `helpdesk serve` is, with staff accounts and an admin API token made beforehand.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SitePlugin } from '../server/config/config-types.js';
import { loadConfig } from '../server/config/load-config.js';
import { createDb } from '../server/db/create-db.js';
import { migrateToLatest } from '../server/db/migrate.js';
import { createDomainContext } from '../server/domain/context.js';
import { addUser } from '../server/domain/people/add-user.js';
import { createApiToken } from '../server/domain/people/api-tokens.js';
import { setPasswordByEmail } from '../server/domain/people/staff-users.js';
import { loadHooks } from '../server/hooks/load-plugins.js';
import { type RunningService, startService } from '../server/start-service.js';

export interface StaffAccount {
  email: string;
  name: string;
  role: 'admin' | 'agent';
  password?: string;
}

export interface E2eServiceOptions {
  /** Path prefix of HELPDESK_HOME_URL (e.g. `/help`). */
  basePath?: string;
  /** Extra environment for the config (SMTP_URL, HELPDESK_CLOUD_SITE…). */
  env?: Record<string, string>;
  plugins?: SitePlugin[];
  /** The first one must be an admin: the API token is theirs. */
  staff: StaffAccount[];
  /** Settings applied through the management API once the service runs. */
  settings?: object;
}

export interface E2eService {
  homeUrl: string;
  service: RunningService;
  /** The management API (`/api/helpdesk/v1…`) with the admin's Bearer token; throws on a non-2xx. */
  api<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<T>;
  close(): Promise<void>;
}

export const listen = (server: Server): Promise<number> =>
  new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));

export async function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
}

export async function startE2eService(options: E2eServiceOptions): Promise<E2eService> {
  const dataDir = mkdtempSync(join(tmpdir(), 'helpdesk-e2e-'));
  const probe = createServer();
  const port = await listen(probe);
  await new Promise((resolve) => probe.close(resolve));
  const homeUrl = `http://127.0.0.1:${port}${options.basePath ?? ''}`;
  const env = {
    PORT: String(port),
    HOST: '127.0.0.1',
    HELPDESK_HOME_URL: homeUrl,
    HELPDESK_DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ...options.env,
  };
  const config = await loadConfig(env, dataDir);
  if (options.plugins) config.plugins = options.plugins;

  // Staff and a token made as `helpdesk user add` / `helpdesk token create` would, before the start.
  const setupDb = createDb({ url: config.databaseUrl });
  let token = '';
  try {
    await migrateToLatest(setupDb);
    const ctx = createDomainContext(setupDb, await loadHooks(config));
    for (const [i, account] of options.staff.entries()) {
      const user = await addUser(ctx, { email: account.email, name: account.name, role: account.role });
      if (account.password) await setPasswordByEmail(ctx, account.email, account.password);
      if (i === 0) token = await createApiToken(ctx.db, user.id, 'e2e');
    }
  } finally {
    await setupDb.close();
  }

  const service = await startService(config, () => {});
  const api = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${homeUrl}/api/helpdesk/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body !== undefined && { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return (res.status === 204 ? undefined : await res.json()) as T;
  };
  if (options.settings) await api('PATCH', '/settings', options.settings);

  return {
    homeUrl,
    service,
    api,
    async close() {
      await service.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
