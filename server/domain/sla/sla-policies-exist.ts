import type { Kysely } from 'kysely';
import { keptAnswer } from '../../db/kept-answer.js';
import type { Database } from '../../db/tables.js';

// Asked by every filing and every ticket change and changed rarely, the answers are kept briefly per database
// (server/db/kept-answer.ts). A ticket filed while another instance's new policy is not yet seen gets its targets at
// its next change, counted from its filing (update-ticket-sla.ts).
const policiesExist = keptAnswer(readPoliciesExist);
const inForce = keptAnswer(async (db) => (await readPoliciesExist(db)) || (await readRunningTarget(db)));

/** Whether any service-level policy exists: a filing then starts its targets in its own transaction. */
export function slaPoliciesExist(db: Kysely<Database>): Promise<boolean> {
  return policiesExist.ask(db);
}

/**
 * Whether a ticket change has service levels to keep: a policy exists, or a ticket still has a running target (its
 * policy was deleted and the recompute has not reached it yet). With neither, a change skips them and pays nothing.
 * Both reads are on an index: the policies, and `ticket_sla_next_due` (only tickets with a running target).
 */
export function slaInForce(db: Kysely<Database>): Promise<boolean> {
  return inForce.ask(db);
}

/** Called after a policy is added or removed here, so the next filing or change asks the database again. */
export function slaPoliciesChanged(db: Kysely<Database>): void {
  policiesExist.forget(db);
  inForce.forget(db);
}

async function readPoliciesExist(db: Kysely<Database>): Promise<boolean> {
  return (await db.selectFrom('sla_policies').select('id').limit(1).executeTakeFirst()) !== undefined;
}

async function readRunningTarget(db: Kysely<Database>): Promise<boolean> {
  return (
    (await db.selectFrom('ticket_sla').select('ticket_id').where('next_due_at', 'is not', null).limit(1).executeTakeFirst()) !== undefined
  );
}
