import type { onRequestHookHandler } from 'fastify';
import type { DialectName } from '../../../db/create-db.js';
import { createTurnPacer } from '../../turn-pacer.js';

/** Anonymous filings let into POST /tickets/ per turn of the event loop, on SQLite. */
export const ANONYMOUS_FILINGS_PER_TURN = 4;

/**
 * On SQLite a filing's work (form, limits, the group commit's synchronous writes, the answer) all runs on
 * the one event loop. Under a flood, every filing whose request arrived in one poll phase ran its work in
 * that turn, dozens at once, and an agent's request arriving meanwhile waited for all of them: the agents'
 * p99 was 68–96 ms under `npm run bench:load`. Paced so, a turn holds a few filings, and the agents' reads
 * get a turn every few milliseconds (p99 51–63 ms; the flood files about a fifth fewer tickets, the intake
 * bench's 16 connections lose nothing measurable; BENCHMARKS.md, 2026-11-28). Signed-in callers (staff
 * filing for someone) are not paced.
 *
 * Not on PostgreSQL: there the filings wait on the database, whose backends share the CPU; paced so, the
 * flood filed 28 % fewer tickets and the agents' p99 stayed far above target (177 against 240 ms).
 */
export function paceAnonymousFilings(dialect: DialectName): onRequestHookHandler | undefined {
  if (dialect !== 'sqlite') return undefined;
  const pacer = createTurnPacer(ANONYMOUS_FILINGS_PER_TURN);
  return (request, _reply, done) => {
    const wait = request.actor ? undefined : pacer.turn();
    if (wait) void wait.then(() => done());
    else done();
  };
}
