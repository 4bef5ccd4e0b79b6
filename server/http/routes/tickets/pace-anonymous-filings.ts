import type { onRequestHookHandler } from 'fastify';
import type { Storage } from '../../../db/storage.js';
import { createTurnPacer } from '../../turn-pacer.js';

/** Anonymous filings let into POST /tickets/ per turn of the event loop, on SQLite. */
export const ANONYMOUS_FILINGS_PER_TURN = 4;

/**
 * On SQLite a filing's work (form, limits, the group commit's synchronous writes, the answer) all runs on
 * the one event loop. Under a flood, every filing whose request arrived in one poll phase ran its work in
 * that turn, dozens at once, and an agent's request arriving meanwhile waited for all of them. Paced so, a
 * turn holds a few filings and the agents' reads get a turn every few milliseconds: under `npm run bench:load`
 * their p50 went from 19 to 9–12 ms and the event loop's p99 delay from 34–71 to 35–48 ms; the flood files
 * a fifth fewer tickets, the intake bench's 16 connections stay at 0.88–1.08 of raw (docs/benchmarks-archive.md,
 * 2026-11-28). Signed-in callers (staff filing for someone) are not paced.
 *
 * Not on PostgreSQL: there the filings wait on the database, whose backends share the CPU; paced so, the
 * flood filed 28 % fewer tickets and the agents' p99 stayed far above target (177 against 240 ms).
 */
export function paceAnonymousFilings(storage: Storage, isOff = false): onRequestHookHandler | undefined {
  // Switched off (HELPDESK_PERFORMANCE_OFF=turn-pacer), every filing runs in the turn its request arrived in.
  if (!storage.filingsRunOnEventLoop || isOff) return undefined;
  const pacer = createTurnPacer(ANONYMOUS_FILINGS_PER_TURN);
  return (request, _reply, done) => {
    const wait = request.actor ? undefined : pacer.turn();
    if (wait) void wait.then(() => done());
    else done();
  };
}
