import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';

/**
 * The number of a client's own ticket, for the help site's address after a form on it (`?ticket=<number>`);
 * undefined for a ticket that is not theirs, so a form posted with another's id learns nothing from the answer.
 */
export async function findClientTicketNumber(db: Kysely<Database>, userId: number, ticketId: number): Promise<number | undefined> {
  if (!Number.isSafeInteger(ticketId) || ticketId < 1) return undefined;
  const row = await db
    .selectFrom('posts')
    .select('number')
    .where('id', '=', ticketId)
    .where('type', '=', 'ticket')
    .where('author_id', '=', userId)
    .executeTakeFirst();
  return row?.number ?? undefined;
}
