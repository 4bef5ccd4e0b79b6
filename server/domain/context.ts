import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { PerformanceOff } from '../config/performance-off.js';
import type { Db } from '../db/create-db.js';
import { createTransactionRunner, type TransactionRunner } from '../db/group-commit.js';
import type { Storage } from '../db/storage.js';
import type { Database } from '../db/tables.js';
import { hotWriteGateOf, type WorkGate } from '../db/work-gate.js';
import { createDatabaseFileStore } from '../files/database-file-store.js';
import type { FileStore } from '../files/file-store.js';
import type { Hooks } from '../hooks/create-hooks.js';
import { LiveBus } from '../live/live-bus.js';
import { PostsCache } from './posts-cache.js';

/** What every domain operation needs: the database (or a transaction over it) and the hook registry. */
export interface DomainContext {
  db: Kysely<Database>;
  /** What the database does its own way (server/db/storage.ts): asked for that part, never which database it is. */
  storage: Storage;
  hooks: Hooks;
  /** Runs hot write paths (ticket intake) with group commit on SQLite. One per database. */
  transactions: TransactionRunner;
  /**
   * Bounds how many filings and mail jobs run at once on PostgreSQL (the pool less a few connections), so
   * staff reads never queue behind a flood of them for a connection; no bound on SQLite. One per database.
   */
  hotWrites: WorkGate;
  /** Rows of docs, products and pages, for the one post getter. One per database. */
  postsCache: PostsCache;
  /** The install-time seed, before `helpdesk_encryption_seed`; see server/secrets/. */
  encryptionSeed: string;
  /** Live events (new tickets, comments, changes, presence), published after commit; see server/live/. */
  live: LiveBus;
  /** Where attachments' bytes live (HELPDESK_FILES); the database unless the service chose otherwise. */
  files: FileStore;
  /** The performance mechanisms switched off (HELPDESK_PERFORMANCE_OFF, docs/PERFORMANCE.md): their plain paths run. */
  performanceOff: PerformanceOff;
  /**
   * The clock the service levels read (server/domain/sla/): `new Date()` in service; a test replaces it
   * (`hd.ctx.now = () => new Date('…')`) to file, reply and move tickets at fixed times without waiting.
   */
  now: () => Date;
}

/**
 * The context for one open database; make one per database and share it. The service passes its
 * install-time encryption seed; without one (tests, tools that keep no secrets) a random seed is used.
 */
export function createDomainContext(
  db: Db,
  hooks: Hooks,
  encryptionSeed: string = randomBytes(32).toString('hex'),
  files: FileStore = createDatabaseFileStore(db.kysely),
): DomainContext {
  return {
    db: db.kysely,
    storage: db.storage,
    hooks,
    transactions: createTransactionRunner(db),
    hotWrites: hotWriteGateOf(db),
    // Switched off, nothing is kept: every read loads anew (and the docs fast path, which answers from it, never answers).
    postsCache: db.performanceOff.has('caches') ? new PostsCache(0) : new PostsCache(),
    encryptionSeed,
    live: new LiveBus(),
    files,
    performanceOff: db.performanceOff,
    now: () => new Date(),
  };
}

/** Who is calling: null for an anonymous caller (the widget). */
export interface Actor {
  id: number;
  role: 'client' | 'agent' | 'admin';
}

export function isStaff(actor: Actor | null): actor is Actor {
  return actor?.role === 'agent' || actor?.role === 'admin';
}

/** Current time as stored in the database. */
export function now(): string {
  return new Date().toISOString();
}
