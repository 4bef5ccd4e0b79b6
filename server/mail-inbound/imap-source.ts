import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { ImapFlow } from 'imapflow';
import { releaseLease, takeLease } from '../db/take-lease.js';
import { describeImapUrl, imapOptions } from './imap-options.js';
import { writeImapStatus } from './imap-status.js';
import { FAILED_FOLDER, importMailbox, PROCESSED_FOLDER } from './import-mailbox.js';
import type { ReceiveDeps } from './receive-mail.js';

export interface ImapSource {
  start(): void;
  /** Ends the pass in hand, logs out and stops. */
  stop(): Promise<void>;
}

export interface ImapSourceSettings {
  /** HELPDESK_IMAP_URL. */
  url: string;
  /** HELPDESK_IMAP_POLL_SECONDS: the wait between passes without IDLE (and the longest wait with it). */
  pollSeconds: number;
}

const MAX_RECONNECT_MS = 60_000;
// One reader per mailbox among all instances; a reader that dies leaves it to another within this time.
const LEASE = 'imap-mailbox-reader';
const LEASE_MS = 30_000;

/**
 * The worker's mailbox reader: connects, makes the Processed and Failed folders, and imports what the
 * mailbox holds (import-mailbox.ts); then waits for the server's IDLE news of a new message where it
 * has IDLE, or polls every `pollSeconds`. Only the instance holding the mailbox's lease (30 s, renewed
 * before each message and at least every 10 s) imports; the others stand by. A lost connection is made again with backoff. Every pass and
 * every problem is written to the shared status the admin reads.
 */
export function createImapSource(deps: ReceiveDeps, settings: ImapSourceSettings, log: { info(m: string): void; warn(m: string): void }) {
  const where = describeImapUrl(settings.url);
  const holder = `${hostname()}:${process.pid}:${randomBytes(6).toString('hex')}`;
  const holdLease = () => takeLease(deps.ctx.db, LEASE, holder, LEASE_MS);
  const pollMs = settings.pollSeconds * 1000;
  let running = false;
  let loop: Promise<void> | undefined;
  let client: ImapFlow | null = null;
  let pending = false;
  // A message's temporary failures, by UID, across passes and reconnections (import-mailbox.ts).
  const tries = new Map<number, number>();
  let wakeUp: (() => void) | undefined;

  const wake = () => {
    pending = true;
    wakeUp?.();
  };
  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      if (pending || !running) return resolve();
      const timer = setTimeout(resolve, ms);
      wakeUp = () => {
        clearTimeout(timer);
        resolve();
      };
    }).finally(() => {
      wakeUp = undefined;
      pending = false;
    });
  const failed = async (message: string) => {
    log.warn(`IMAP ${where}: ${message}`);
    await writeImapStatus(deps.ctx.db, { mailbox: where, lastError: message, lastErrorAt: new Date().toISOString() }).catch(() => {});
  };

  async function session(): Promise<void> {
    const { options, mailbox } = imapOptions(settings.url);
    // Loaded only when a mailbox is read: most installs never need it in memory.
    const { ImapFlow } = await import('imapflow');
    const connection = new ImapFlow(options);
    client = connection;
    // Without a listener an 'error' event would end the process; the session ends and reconnects instead.
    connection.on('error', (error: Error) => {
      void failed(error.message);
      wake();
    });
    connection.on('close', wake);
    connection.on('exists', wake);
    try {
      await connection.connect();
      for (const folder of [PROCESSED_FOLDER, FAILED_FOLDER]) {
        const list = await connection.list();
        if (!list.some((box) => box.path === folder)) await connection.mailboxCreate(folder);
      }
      await connection.mailboxOpen(mailbox);
      const idle = connection.capabilities.has('IDLE');
      log.info(`IMAP ${where}: reading ${idle ? 'with IDLE' : `every ${settings.pollSeconds} s (no IDLE)`}.`);
      while (running && connection.usable) {
        if (!(await holdLease())) {
          // Another instance reads the mailbox; stand by and take over if its lease runs out.
          await wait(LEASE_MS / 3);
          continue;
        }
        const pass = await importMailbox(deps, connection, mailbox, log, holdLease, tries);
        const checked = { mailbox: where, lastCheckAt: new Date().toISOString() };
        if (pass.temporary) await failed(pass.temporary);
        await writeImapStatus(deps.ctx.db, pass.temporary ? checked : { ...checked, lastError: null, lastErrorAt: null });
        // With IDLE, the server's EXISTS wakes the loop at once; the timer is a safety net and renews the lease.
        await wait(Math.min(pollMs, LEASE_MS / 3));
      }
    } finally {
      client = null;
      if (connection.usable) await connection.logout().catch(() => {});
      connection.close();
    }
  }

  async function run(): Promise<void> {
    let backoffMs = 1000;
    while (running) {
      try {
        await session();
        backoffMs = 1000;
      } catch (error) {
        await failed(error instanceof Error ? error.message : String(error));
      }
      if (!running) break;
      await wait(backoffMs);
      backoffMs = Math.min(backoffMs * 2, MAX_RECONNECT_MS);
    }
  }

  return {
    start() {
      if (running) return;
      running = true;
      loop = run();
    },
    async stop() {
      running = false;
      wake();
      client?.close();
      await loop;
      await releaseLease(deps.ctx.db, LEASE, holder).catch(() => {});
    },
  } satisfies ImapSource;
}
