import type { Kysely } from 'kysely';
import { keptAnswer } from '../../db/kept-answer.js';
import type { Database } from '../../db/tables.js';

// Asked for every new ticket and changed rarely, the answer is kept briefly (server/db/kept-answer.ts). A ticket
// filed while another instance's change is not yet seen stays unassigned, as it would have before the change.
const inForce = keptAnswer(
  async (db) =>
    (await db.selectFrom('product_assignment_modes').select('product_id').where('mode', '!=', 'off').limit(1).executeTakeFirst()) !==
    undefined,
);

/** Whether any product has a mode of its own other than off: then a new ticket is looked at even with the site's off. */
export function productAssignmentInForce(db: Kysely<Database>): Promise<boolean> {
  return inForce.ask(db);
}

/** Called after a product's mode is set here, so the next filing asks the database again. */
export function productAssignmentChanged(db: Kysely<Database>): void {
  inForce.forget(db);
}
