import type { Kysely, Selectable } from 'kysely';
import type { Storage } from '../db/storage.js';
import type { Database, JobsTable } from '../db/tables.js';
import { type DomainContext, now } from '../domain/context.js';
import type { JobKind, JobPayloads } from './job-payloads.js';

export type JobRow = Selectable<JobsTable>;

/**
 * Queues a job; pass the transaction of the change that causes it (transactional outbox). The payload
 * is checked against its kind at compile time (`JobPayloads`); the worker checks it again on reading.
 */
export async function enqueueJob<K extends JobKind>(db: Kysely<Database>, kind: K, payload: JobPayloads[K], runAt = now()): Promise<void> {
  await enqueueJobs(db, kind, [payload], runAt);
}

/** Queues one job per payload, in one statement (a fan-out to every agent is one insert, not one each). */
export async function enqueueJobs<K extends JobKind>(
  db: Kysely<Database>,
  kind: K,
  payloads: Array<JobPayloads[K]>,
  runAt = now(),
): Promise<void> {
  if (payloads.length === 0) return;
  const createdAt = now();
  await db
    .insertInto('jobs')
    .values(
      payloads.map((payload) => ({
        kind,
        payload: JSON.stringify(payload),
        state: 'queued',
        attempts: 0,
        run_at: runAt,
        last_error: null,
        created_at: createdAt,
      })),
    )
    .execute();
}

/**
 * Claims up to `limit` due jobs for this worker: they become `running` with a lease (`run_at` moves to
 * the lease's end), so a worker that dies leaves them to be claimed again once the lease runs out.
 * Jobs whose lease ran out go first (they have waited longest), then the oldest queued ones.
 * PostgreSQL: `FOR UPDATE SKIP LOCKED`, so instances never claim the same job. SQLite has one writer,
 * which makes each UPDATE … WHERE id IN (SELECT …) atomic.
 */
export async function claimJobs(ctx: DomainContext, limit: number, leaseMs: number): Promise<JobRow[]> {
  const time = now();
  const leaseEnd = new Date(Date.parse(time) + leaseMs).toISOString();
  // Through the transaction runner: on SQLite each poll's claim would otherwise cost an fsync.
  return ctx.transactions.write(async (db) => {
    const claimed: JobRow[] = [];
    for (const state of ['running', 'queued'] as const) {
      if (claimed.length >= limit) break;
      const rows = await db
        .updateTable('jobs')
        .set((eb) => ({ state: 'running', attempts: eb('attempts', '+', 1), run_at: leaseEnd }))
        .where('id', 'in', selectDueJobs(db, ctx.storage, state, limit - claimed.length, time))
        .returningAll()
        .execute();
      claimed.push(...rows);
    }
    return claimed;
  });
}

/**
 * The ids of up to `limit` jobs in `state` due at `time`, oldest first (locked, skipping locked ones, on
 * PostgreSQL). One state at a time, so the (state, run_at) index gives the order and the scan stops at
 * `limit`: with `state IN ('queued', 'running')` PostgreSQL sorted every queued job on each claim
 * (12 ms per claim at 40,000 queued), which slowed the outbox to a crawl after a burst.
 */
export function selectDueJobs(db: Kysely<Database>, storage: Storage, state: 'queued' | 'running', limit: number, time: string) {
  const due = db
    .selectFrom('jobs')
    .select('id')
    .where('state', '=', state)
    .where('run_at', '<=', time)
    .orderBy('run_at')
    .orderBy('id')
    .limit(limit);
  return storage.locks.forUpdateSkipLocked(due);
}

// Only the claim that is still current may settle a job: a worker whose lease ran out lost it.
function current(db: Kysely<Database>, job: JobRow) {
  return db.updateTable('jobs').where('id', '=', job.id).where('state', '=', 'running').where('attempts', '=', job.attempts);
}

export async function completeJob(db: Kysely<Database>, job: JobRow): Promise<void> {
  await completeJobs(db, [job]);
}

/** Settles several jobs as done in one statement, each only under the claim that is still current (see `current`). */
export async function completeJobs(db: Kysely<Database>, jobs: JobRow[]): Promise<void> {
  if (jobs.length === 0) return;
  await db
    .updateTable('jobs')
    .set({ state: 'done', last_error: null })
    .where('state', '=', 'running')
    .where((eb) => eb.or(jobs.map((job) => eb.and([eb('id', '=', job.id), eb('attempts', '=', job.attempts)]))))
    .execute();
}

/** Puts the job back for a later attempt. */
export async function retryJob(db: Kysely<Database>, job: JobRow, error: string, delayMs: number): Promise<void> {
  await current(db, job)
    .set({ state: 'queued', last_error: error, run_at: new Date(Date.now() + delayMs).toISOString() })
    .execute();
}

/** Ends the job as a visible failed row (a permanent rejection, or too many attempts). */
export async function failJob(db: Kysely<Database>, job: JobRow, error: string): Promise<void> {
  await current(db, job).set({ state: 'failed', last_error: error }).execute();
}

/** Settles the job without doing it (a mail over its address's limit), keeping why for an admin to see. */
export async function skipJob(db: Kysely<Database>, job: JobRow, reason: string): Promise<void> {
  await current(db, job).set({ state: 'skipped', last_error: reason }).execute();
}

/** Exponential backoff with a little jitter, so instances that failed together don't retry together. */
export function backoffDelay(attempts: number, baseMs: number, maxMs: number): number {
  const delay = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(delay * (1 + Math.random() * 0.2));
}
