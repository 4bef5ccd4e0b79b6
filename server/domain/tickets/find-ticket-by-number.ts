import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';

/**
 * The ticket people call `#<number>` (addresses, links and mails show the number; routes and rows key on
 * the id, which docs, products and pages share). Undefined when no ticket has that number.
 */
export async function findTicketByNumber(db: Kysely<Database>, number: number): Promise<{ id: number; number: number } | undefined> {
  if (!Number.isSafeInteger(number) || number < 1) return undefined;
  const row = await db.selectFrom('posts').select('id').where('number', '=', number).where('type', '=', 'ticket').executeTakeFirst();
  return row && { id: row.id, number };
}
