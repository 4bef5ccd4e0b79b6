import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/tables.js';
import { now } from '../domain/context.js';
import type { JobPayloads } from './job-payloads.js';

export const RULE_RUN_JOB = 'rule_run';

export type RuleTrigger = JobPayloads['rule_run']['trigger'];

/**
 * Queues the rules for a ticket's event in the transaction of the change (the outbox), in one statement that writes
 * the job only while an enabled rule waits for that event: a desk without rules pays one small read, nothing more.
 */
export async function queueRuleRun(trx: Kysely<Database>, payload: JobPayloads['rule_run']): Promise<void> {
  const time = now();
  await trx
    .insertInto('jobs')
    .columns(['kind', 'payload', 'state', 'attempts', 'run_at', 'last_error', 'created_at'])
    .expression((eb) =>
      eb
        .selectFrom('rules')
        .select([
          eb.val(RULE_RUN_JOB).as('kind'),
          eb.val(JSON.stringify(payload)).as('payload'),
          eb.val('queued').as('state'),
          sql.lit(0).as('attempts'),
          eb.val(time).as('run_at'),
          sql<null>`null`.as('last_error'),
          eb.val(time).as('created_at'),
        ])
        .where('trigger', '=', payload.trigger)
        .where('enabled', '=', 1)
        .limit(1),
    )
    .execute();
}
