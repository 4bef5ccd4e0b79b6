import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import type { Config } from './config/config-types.js';
import { createDb, type Db } from './db/create-db.js';
import { migrateToLatest } from './db/migrate.js';
import { listenForPostsChanges } from './domain/content/listen-posts-changed.js';
import { createDomainContext } from './domain/context.js';
import { issueFirstAdminLink } from './domain/people/first-admin.js';
import { createFileStore } from './files/create-file-store.js';
import { sweepAbandonedUploads } from './files/sweep-abandoned-uploads.js';
import { loadHooks } from './hooks/load-plugins.js';
import { loggerOptions } from './http/log-serializers.js';
import { createProcessHealth } from './http/process-health.js';
import type { CounterStore } from './intake/counter-store.js';
import { createCounterStore } from './intake/create-counter-store.js';
import { createWorker } from './jobs/worker.js';
import { listenForLiveEvents } from './live/listen-live-events.js';
import { createLiveMailTransport } from './mail-settings/live-mail-transport.js';
import { createLiveMailboxReader } from './mail-settings/live-mailbox-reader.js';
import { isLocalAddress } from './onboarding/public-address.js';
import { loadInstallSeed, SEED_FILE_NAME } from './secrets/install-seed.js';
import { isSecretsSeed } from './secrets/seed-check.js';
import { currentSeed, listUnreadableSecrets } from './settings/settings.js';

export interface RunningService {
  app: FastifyInstance;
  db: Db;
  url: string;
  /** Whether this process also runs the background worker (mail). */
  hasWorker: boolean;
  stop(): Promise<void>;
}

export interface ServiceOptions {
  /** `all` (default): web and worker in one process; `web`: no worker; see startWorkerService for `worker`. */
  services?: 'all' | 'web';
}

function workerFor(
  ctx: ReturnType<typeof createDomainContext>,
  config: Config,
  counters: CounterStore,
  log: { info(m: string): void; warn(m: string): void },
) {
  // SMTP_URL, else Settings → Mail's server, followed without a restart.
  const transport = createLiveMailTransport(ctx, config);
  // The worker counts mails per address in the same store as the intake, so limits and stats agree.
  const worker = createWorker(ctx, config, transport, log, { counters });
  worker.start();
  // The mailbox reader runs where the worker runs; several instances may read one mailbox (import-mailbox.ts).
  // HELPDESK_IMAP_URL, else Settings → Mail's mailbox, followed without a restart.
  const imap = createLiveMailboxReader({ ctx, config, counters }, config, log);
  imap.start();
  return {
    isRunning: () => worker.isRunning(),
    async stop() {
      await imap.stop();
      await worker.stop();
      transport.close();
    },
  };
}

/**
 * The domain context of a running service: its plugins and its install-time encryption seed. Stored
 * secrets the seed cannot read are reported (never their values): the admin must enter them again.
 */
export async function createServiceContext(db: Db, config: Config, log: (line: string) => void) {
  const { seed, isNew } = loadInstallSeed(config.dataDir, config.encryptionSeed ?? undefined);
  const files = await createFileStore(config.files, db.kysely, config.dataDir);
  // A bucket that is missing or refuses the credentials stops the start, not the first upload.
  await files.check?.();
  const ctx = createDomainContext(db, await loadHooks(config), seed, files);
  const unreadable = await listUnreadableSecrets(ctx);
  if (unreadable.length) {
    const why = isNew
      ? `the seed file ${join(config.dataDir, SEED_FILE_NAME)} was missing and a new seed was made`
      : 'the encryption seed changed';
    log(
      `WARNING: ${unreadable.length} stored secret(s) cannot be decrypted ` +
        `because ${why}: ${unreadable.join(', ')}. Enter them again in Settings.`,
    );
  } else if (!(await isSecretsSeed(ctx.db, await currentSeed(ctx)))) {
    // Nothing unreadable yet, but the seeds disagree: a secret saved on one instance would be lost to the others.
    log(
      'WARNING: this instance encrypts secrets with another seed than the one ' +
        'recorded in the database (by another instance, or by this one before ' +
        'its seed changed). ' +
        'Instances sharing a database need the same HELPDESK_ENCRYPTION_SEED, or secrets saved on one cannot be read on the others. ' +
        'If this is the only instance, saving a secret in Settings records its seed.',
    );
  }
  return ctx;
}

/** Opens the store, migrates, loads plugins, listens; on first start prints the administrator's link. */
export async function startService(
  config: Config,
  log: (line: string) => void = console.log,
  options: ServiceOptions = {},
): Promise<RunningService> {
  const db = createDb({ ...config.databaseTuning, url: config.databaseUrl, performanceOff: config.performanceOff });
  let postsListener: Awaited<ReturnType<typeof listenForPostsChanges>> | null = null;
  let liveListener: Awaited<ReturnType<typeof listenForLiveEvents>> | null = null;
  try {
    await migrateToLatest(db);
    const ctx = await createServiceContext(db, config, log);
    // What uploads cut off by a stop (kill -9 included) left behind, once an hour old; the worker repeats it.
    await sweepAbandonedUploads(ctx);
    // Several instances may share PostgreSQL: each clears its docs cache when any of them writes docs,
    // and live events (new tickets, replies, changes, presence) reach every instance's open streams.
    if (db.storage.sharedByInstances) {
      postsListener = await listenForPostsChanges(config.databaseUrl, ctx.postsCache, log);
      liveListener = await listenForLiveEvents(config.databaseUrl, ctx.live, log);
    }
    const counters = await createCounterStore(config, db);
    const health = createProcessHealth();
    health.poolStats = db.poolStats ?? null;
    const app = await buildApp({
      config,
      ctx,
      counters,
      logger: loggerOptions(config.logLevel),
      health,
    });
    const address = await app.listen({ port: config.port, host: config.host });
    // Mail and other background jobs run in this process unless split out; instances share the queue safely.
    const worker =
      options.services === 'web' ? null : workerFor(ctx, config, counters, { info: (m) => app.log.info(m), warn: (m) => app.log.warn(m) });
    if (worker) health.mailWorker = worker.isRunning;
    const link = await issueFirstAdminLink(ctx, config.homeUrl);
    log(`Helpdesk is serving ${config.homeUrl}/ (listening on ${address}, ` + `${db.storage.describe(config.databaseUrl)})`);
    if (!config.smtpUrl && worker)
      log(
        `Without an SMTP server mail is written as .eml files under ${config.dataDir}/mail/ ` +
          '(set one in Settings → Mail servers, or SMTP_URL).',
      );
    // The link below, the snippet and every mail's links use the public address: one only this machine
    // opens reaches nobody else.
    if (isLocalAddress(config.homeUrl))
      log(
        `The public address is ${config.homeUrl}, which only this machine can open: ` +
          'set HELPDESK_HOME_URL to the address people use (like https://help.example.com) and restart.',
      );
    if (link) log(`\nNo administrator yet. Open this one-time link to become the administrator (valid 7 days):\n\n  ${link}\n`);
    return {
      app,
      db,
      url: address,
      hasWorker: worker !== null,
      async stop() {
        await worker?.stop();
        await app.close();
        await liveListener?.close();
        ctx.live.presence.close();
        await postsListener?.close();
        await counters.close();
        await db.close();
      },
    };
  } catch (error) {
    await liveListener?.close();
    await postsListener?.close();
    await db.close();
    throw error;
  }
}

/** `helpdesk serve --services=worker`: only the background worker, no HTTP (scale it apart from the web). */
export async function startWorkerService(config: Config, log: (line: string) => void = console.log): Promise<{ stop(): Promise<void> }> {
  const db = createDb({ ...config.databaseTuning, url: config.databaseUrl, performanceOff: config.performanceOff });
  try {
    await migrateToLatest(db);
    const ctx = await createServiceContext(db, config, log);
    // Mail the worker imports (replies, new tickets) reaches the web instances' live streams.
    const liveListener = db.storage.sharedByInstances ? await listenForLiveEvents(config.databaseUrl, ctx.live, log) : null;
    // What uploads cut off by a stop (kill -9 included) left behind, once an hour old; the worker repeats it.
    await sweepAbandonedUploads(ctx);
    const counters = await createCounterStore(config, db);
    const worker = workerFor(ctx, config, counters, { info: log, warn: log });
    log(`Helpdesk worker is running (${config.smtpUrl ? 'sending mail over SMTP' : `writing mail under ${config.dataDir}/mail/`}).`);
    return {
      async stop() {
        await worker.stop();
        await liveListener?.close();
        await counters.close();
        await db.close();
      },
    };
  } catch (error) {
    await db.close();
    throw error;
  }
}
