import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { buildApp } from '../app.js';
import type { Config, FilesSetting, HttpLimits, SitePlugin } from '../config/config-types.js';
import { type PerformanceOff, performanceOffFromEnvironment } from '../config/performance-off.js';
import { createDb, type Db, type DbTuning, type DialectName } from '../db/create-db.js';
import { migrateToLatest } from '../db/migrate.js';
import type { UserRole } from '../db/tables.js';
import { createDomainContext, type DomainContext } from '../domain/context.js';
import { addUser } from '../domain/people/add-user.js';
import { createApiToken } from '../domain/people/api-tokens.js';
import { createFileStore } from '../files/create-file-store.js';
import type { Hooks } from '../hooks/create-hooks.js';
import { loadHooks } from '../hooks/load-plugins.js';
import type { ProcessHealth } from '../http/process-health.js';
import { type CounterStore, createMemoryCounterStore } from '../intake/counter-store.js';
import { createDatabaseCounterStore } from '../intake/database-counter-store.js';
import { createMigratedTestDatabase, type TestDatabase } from './test-databases.js';

export interface TestHelpdesk {
  app: FastifyInstance;
  db: Db;
  ctx: DomainContext;
  hooks: Hooks;
  config: Config;
  /** The app's intake counters (in memory unless asked otherwise); give them to a test's worker so limits and stats agree. */
  counters: CounterStore;
  /** A Bearer header for a new user of that role. */
  authAs(role: UserRole): Promise<{ authorization: string }>;
  close(): Promise<void>;
}

export interface TestHelpdeskOptions {
  plugins?: SitePlugin[];
  homeUrl?: string;
  smtpUrl?: string;
  /** Data folder (the .eml files of the file transport go under it). */
  dataDir?: string;
  /** An existing, empty database to use instead of a fresh one (the caller owns and removes it). */
  databaseUrl?: string;
  /** Database tuning (busy timeout, connect timeout…), as from the environment. */
  databaseTuning?: DbTuning;
  /** Performance mechanisms switched off; HELPDESK_PERFORMANCE_OFF's when absent, so a whole run can take the plain paths. */
  performanceOff?: PerformanceOff;
  /** HTTP timeouts and the per-address connection cap (the service's defaults when absent). */
  httpLimits?: HttpLimits;
  /** Fastify's logger (none when absent), e.g. `{ level: 'info', stream }` to read the log lines. */
  logger?: FastifyServerOptions['logger'];
  /** Milliseconds between the event stream's heartbeats. */
  liveHeartbeatMs?: number;
  /** Where attachments go (HELPDESK_FILES); the database when absent. `disk` needs `dataDir`. */
  files?: FilesSetting;
  /** Trusted proxy hops (TRUST_PROXY_HOPS); none when absent. */
  trustProxyHops?: number;
  /** Where the intake counters live: memory (default) or the database, as the service keeps them on PostgreSQL. */
  counters?: 'memory' | 'database';
  /** What the process runs besides HTTP (a mail worker), as the service tells /readyz and /metrics. */
  health?: ProcessHealth;
}

let userCounter = 0;

/** A complete helpdesk over a fresh database of that dialect, not listening (use `inject` or `listen`). */
export async function createTestHelpdesk(dialect: DialectName, options: TestHelpdeskOptions = {}): Promise<TestHelpdesk> {
  const database: TestDatabase = options.databaseUrl
    ? { url: options.databaseUrl, drop: async () => {} }
    : await createMigratedTestDatabase(dialect);
  const performanceOff = options.performanceOff ?? performanceOffFromEnvironment();
  const homeUrl = (options.homeUrl ?? 'http://help.test').replace(/\/$/, '');
  const config: Config = {
    port: 0,
    host: '127.0.0.1',
    homeUrl,
    basePath: new URL(homeUrl).pathname.replace(/\/$/, ''),
    dataDir: options.dataDir ?? '',
    databaseUrl: database.url,
    configFile: null,
    plugins: options.plugins ?? [],
    constants: {},
    logLevel: 'silent',
    trustProxyHops: options.trustProxyHops ?? 0,
    smtpUrl: options.smtpUrl ?? null,
    redisUrl: null,
    encryptionSeed: null,
    databaseTuning: options.databaseTuning,
    httpLimits: options.httpLimits,
    liveHeartbeatMs: options.liveHeartbeatMs,
    files: options.files,
    performanceOff,
  };
  const db = createDb({ ...options.databaseTuning, url: database.url, performanceOff });
  await migrateToLatest(db);
  const hooks = await loadHooks(config);
  const ctx = createDomainContext(db, hooks, undefined, await createFileStore(config.files, db.kysely, config.dataDir));
  const counters = options.counters === 'database' ? createDatabaseCounterStore(db.kysely, db.storage) : createMemoryCounterStore();
  const app = await buildApp({ config, ctx, counters, logger: options.logger, health: options.health });
  return {
    app,
    db,
    ctx,
    hooks,
    config,
    counters,
    async authAs(role) {
      userCounter += 1;
      const user = await addUser(ctx, { email: `${role}${userCounter}@staff.test`, name: `${role} ${userCounter}`, role });
      return { authorization: `Bearer ${await createApiToken(ctx.db, user.id, 'test')}` };
    },
    async close() {
      await app.close();
      await db.close();
      await database.drop();
    },
  };
}

/**
 * Registers hooks that give the suite a helpdesk: one for the whole suite (default) or a fresh one per
 * test. The returned object is filled in before the tests run.
 */
export function useTestHelpdesk(dialect: DialectName, options: TestHelpdeskOptions & { freshEach?: boolean } = {}): TestHelpdesk {
  const holder = {} as TestHelpdesk;
  const [before, after] = options.freshEach ? [beforeEach, afterEach] : [beforeAll, afterAll];
  before(async () => {
    Object.assign(holder, await createTestHelpdesk(dialect, options));
  });
  after(async () => {
    await holder.close?.();
  });
  return holder;
}
