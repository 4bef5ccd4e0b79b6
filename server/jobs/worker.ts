import type { Config } from '../config/config-types.js';
import { refreshStaleStatistics } from '../db/refresh-statistics.js';
import { signedInWorkGoingOn } from '../db/signed-in-lane.js';
import { assignWaitingTickets } from '../domain/assignment/assign-waiting-tickets.js';
import type { DomainContext } from '../domain/context.js';
import { sendWeeklyReports } from '../domain/reports/send-weekly-reports.js';
import { sweepTimeRules } from '../domain/rules/sweep-time-rules.js';
import { fireSlaEvents } from '../domain/tickets/fire-sla-events.js';
import { isPermanentMailError, type MailTransport } from '../email/create-transport.js';
import { MAIL_JOB } from '../email/mail-jobs.js';
import { type CounterStore, createMemoryCounterStore } from '../intake/counter-store.js';
import type { DeliverOptions } from '../webhooks/deliver-webhook.js';
import { cleanUpExpired } from './housekeeping.js';
import { createJobHandlers, runJobHandler, SENT } from './job-handlers.js';
import { isJobKind } from './job-payloads.js';
import { backoffDelay, claimJobs, completeJobs, failJob, type JobRow, retryJob } from './queue.js';
import { readJobPayload } from './read-job-payload.js';

export interface WorkerLog {
  info(message: string): void;
  warn(message: string): void;
}

export interface WorkerOptions {
  /** Idle wait between polls when nothing is due. */
  pollMs?: number;
  /** First retry delay; doubles per attempt up to maxDelayMs. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** After this many failed attempts a job ends as failed. Default: never — an outage delays mail, never loses it. */
  maxAttempts?: number;
  /** How long a claimed job stays with this worker before another may take it. */
  leaseMs?: number;
  batchSize?: number;
  /** Where mails per address are counted; share the intake's store so the admin's stats see them. */
  counters?: CounterStore;
  /** How often (PostgreSQL) the worker looks for tables whose statistics are far behind (refresh-statistics.ts). */
  statisticsEveryMs?: number;
  /** How often the service levels' warnings and breaches due are sent (fire-sla-events.ts); the first sweep is at the start. */
  slaSweepEveryMs?: number;
  /**
   * How often the tickets waiting for an agent with room are looked at (assign-waiting-tickets.ts): working hours that
   * began free room no event announces. The first look is at the start.
   */
  assignmentSweepEveryMs?: number;
  /** How often the weekly report mails that came due are queued (send-weekly-reports.ts); the first look is at the start. */
  weeklyReportsEveryMs?: number;
  /** How often the time rules are checked (sweep-time-rules.ts); the first check is at the start. */
  timeRulesEveryMs?: number;
  /** Webhook deliveries' waits and timeout (server/webhooks/deliver-webhook.ts); tests make retries due at once. */
  webhooks?: DeliverOptions;
}

export interface Worker {
  start(): void;
  /** Finishes the batch in hand, then stops. */
  stop(): Promise<void>;
  /** Claims and runs one batch; resolves with how many jobs it ran. */
  runOnce(): Promise<number>;
  /** Runs a poll now instead of after the idle wait. */
  wake(): void;
  /** Whether its loop is running (started, not stopped, not ended by a fault). */
  isRunning(): boolean;
}

/** The background worker for the jobs table: event jobs fan out into mail jobs, mail jobs are sent. */
export function createWorker(
  ctx: DomainContext,
  config: Config,
  transport: MailTransport,
  log: WorkerLog,
  options: WorkerOptions = {},
): Worker {
  const pollMs = options.pollMs ?? 1000;
  const baseDelayMs = options.baseDelayMs ?? 30_000;
  const maxDelayMs = options.maxDelayMs ?? 60 * 60_000;
  const maxAttempts = options.maxAttempts ?? Number.POSITIVE_INFINITY;
  const leaseMs = options.leaseMs ?? 5 * 60_000;
  const batchSize = options.batchSize ?? 10;
  const counters = options.counters ?? createMemoryCounterStore();

  const cleanUpEveryMs = 10 * 60_000;
  // The first round a minute after the start rather than in it: a dozen DELETEs over every table with
  // expiring rows, whose working memory (~4 MiB resident for some seconds) the start does not need to add.
  const firstCleanUpAfterMs = 60_000;
  let lastCleanUp = Date.now() - cleanUpEveryMs + firstCleanUpAfterMs;
  // SQLite plans without such statistics: nothing to refresh there.
  const statisticsEveryMs = ctx.storage.keepsPlannerStatistics ? (options.statisticsEveryMs ?? 5_000) : Number.POSITIVE_INFINITY;
  let lastStatistics = Date.now();
  // 15 s: an event goes out within 60 s of its time with three sweeps to spare (the mail worker polls each second).
  // The first sweep is in the first round, so a restart sends at once what came due while it was down.
  const slaSweepEveryMs = options.slaSweepEveryMs ?? 15_000;
  let lastSlaSweep = Number.NEGATIVE_INFINITY;
  // 30 s: an agent whose working hours began gets the waiting tickets within half a minute; an empty queue costs one read.
  const assignmentSweepEveryMs = options.assignmentSweepEveryMs ?? 30_000;
  let lastAssignmentSweep = Number.NEGATIVE_INFINITY;
  // Five minutes: a Monday 08:00 mail goes out by 08:05; the claim per admin and week keeps it to one.
  const weeklyReportsEveryMs = options.weeklyReportsEveryMs ?? 5 * 60_000;
  let lastWeeklyReports = Number.NEGATIVE_INFINITY;
  // One minute, well within the five minutes a time rule may be late: each firing is claimed once per ticket and
  // change (rule_firings), so a restart or a second instance checking as well never fires one twice.
  const timeRulesEveryMs = options.timeRulesEveryMs ?? 60_000;
  let lastTimeRules = Number.NEGATIVE_INFINITY;
  let running = false;
  let loopEnded = true;
  let wakeSoon = false;
  let loop: Promise<void> | undefined;
  let wakeUp: (() => void) | undefined;

  const handlers = createJobHandlers({ ctx, config, transport, log, counters, webhooks: options.webhooks });

  /** Runs a job and settles it, except a sent mail, which it returns for `runOnce` to settle with the others. */
  async function runJob(job: JobRow): Promise<JobRow | undefined> {
    try {
      if (!isJobKind(job.kind)) {
        await ctx.transactions.write((db) => failJob(db, job, `No handler for jobs of kind "${job.kind}".`));
        return;
      }
      const read = readJobPayload(job.kind, job.payload);
      if (!read.ok) {
        // A malformed row never becomes well-formed: retrying it would only fill the log.
        log.warn(`Job ${job.id} (${job.kind}) failed: ${read.reason}`);
        await ctx.transactions.write((db) => failJob(db, job, read.reason));
        return;
      }
      return (await runJobHandler(handlers, job.kind, job, read.payload)) === SENT ? job : undefined;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (isPermanentMailError(error) || job.attempts >= maxAttempts) {
        log.warn(`Job ${job.id} (${job.kind}) failed for good after ${job.attempts} attempt(s): ${message}`);
        await ctx.transactions.write((db) => failJob(db, job, message));
      } else {
        const delay = backoffDelay(job.attempts, baseDelayMs, maxDelayMs);
        log.warn(`Job ${job.id} (${job.kind}) attempt ${job.attempts} failed, retrying in ${Math.round(delay / 1000)} s: ${message}`);
        await ctx.transactions.write((db) => retryJob(db, job, message, delay));
      }
    }
    return undefined;
  }

  /**
   * Runs the jobs together, or one after another while signed-in work goes on (PostgreSQL, signed-in-lane.ts):
   * ten at once kept ten database backends busy, and the agents' queries waited for a core behind them.
   */
  async function runEach(jobs: JobRow[]): Promise<Array<JobRow | undefined>> {
    if (!signedInWorkGoingOn()) return Promise.all(jobs.map(runJob));
    const settled: Array<JobRow | undefined> = [];
    for (const job of jobs) settled.push(await runJob(job));
    return settled;
  }

  async function runOnce(): Promise<number> {
    const jobs = await claimJobs(ctx, batchSize, leaseMs);
    // The batch's jobs are independent (a job's follow-ups are new jobs), so they run together: on SQLite
    // their writes then share commits instead of paying an fsync each, which bounded the outbox at
    // about 200 jobs/s. runJob settles every job itself, success or failure, except the mails it sent: those
    // are settled together once the batch's mails are all sent (one statement, not one per mail; on
    // PostgreSQL each statement wakes a backend, and a new ticket's mails were a third of its statements).
    // Its other jobs (an AI answer can take seconds) run beside the mails, not waited for by their settling.
    const isMail = (job: JobRow) => job.kind === MAIL_JOB;
    const mails = runEach(jobs.filter(isMail)).then((sent) =>
      ctx.transactions.write((db) =>
        completeJobs(
          db,
          sent.filter((job) => job !== undefined),
        ),
      ),
    );
    await Promise.all([mails, runEach(jobs.filter((job) => !isMail(job)))]);
    return jobs.length;
  }

  async function sweepSla(): Promise<void> {
    try {
      const sweep = await fireSlaEvents(ctx);
      // The mails it queued go out in the next round rather than after the idle wait.
      if (sweep.warnings + sweep.breaches > 0) wakeSoon = true;
    } catch (error) {
      // Nothing was sent of what failed (each event commits alone): the next sweep tries again.
      log.warn(`Service-level sweep failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  async function sweepAssignments(): Promise<void> {
    try {
      if ((await assignWaitingTickets(ctx)) > 0) wakeSoon = true;
    } catch (error) {
      // Each ticket is assigned in a transaction of its own: what failed still waits, and the next sweep tries again.
      log.warn(`Fair assignment sweep failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  async function queueWeeklyReports(): Promise<void> {
    try {
      if ((await sendWeeklyReports(ctx)) > 0) wakeSoon = true;
    } catch (error) {
      // Each admin's claim and mail commit together: what failed was not claimed, and the next look tries again.
      log.warn(`Weekly report mails failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  async function checkTimeRules(): Promise<void> {
    try {
      if ((await sweepTimeRules(ctx)) > 0) wakeSoon = true;
    } catch (error) {
      // Each firing commits with its claim: what failed did not fire, and the next check tries again.
      log.warn(`Time rules failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  async function run(): Promise<void> {
    while (running) {
      let count = 0;
      try {
        wakeSoon = false;
        count = await runOnce();
        if (Date.now() - lastCleanUp > cleanUpEveryMs) {
          lastCleanUp = Date.now();
          await cleanUpExpired(ctx);
        }
        if (Date.now() - lastSlaSweep >= slaSweepEveryMs) {
          lastSlaSweep = Date.now();
          await sweepSla();
        }
        if (Date.now() - lastTimeRules >= timeRulesEveryMs) {
          lastTimeRules = Date.now();
          await checkTimeRules();
        }
        if (Date.now() - lastAssignmentSweep >= assignmentSweepEveryMs) {
          lastAssignmentSweep = Date.now();
          await sweepAssignments();
        }
        if (Date.now() - lastWeeklyReports >= weeklyReportsEveryMs) {
          lastWeeklyReports = Date.now();
          await queueWeeklyReports();
        }
        if (Date.now() - lastStatistics > statisticsEveryMs) {
          lastStatistics = Date.now();
          await refreshStaleStatistics(ctx.db);
        }
      } catch (error) {
        // The database may be briefly away; the jobs wait for the next poll.
        log.warn(`Job poll failed: ${error instanceof Error ? error.message : String(error)}`);
      }
      if (count === 0 && running && !wakeSoon) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, pollMs);
          wakeUp = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wakeUp = undefined;
      }
    }
  }

  return {
    start() {
      if (running) return;
      running = true;
      loopEnded = false;
      loop = run().finally(() => {
        loopEnded = true;
      });
    },
    async stop() {
      running = false;
      wakeUp?.();
      await loop;
    },
    runOnce,
    wake: () => wakeUp?.(),
    isRunning: () => running && !loopEnded,
  };
}
