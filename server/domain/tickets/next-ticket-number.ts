import { type Expression, type Kysely, sql } from 'kysely';
import type { DialectName } from '../../db/create-db.js';
import type { Database } from '../../db/tables.js';

/**
 * The number for a ticket being inserted in `trx`: tickets count #1, #2, … apart from post ids.
 * PostgreSQL: `nextval` inside the insert (no extra round trip, no lock shared by instances; a ticket
 * whose transaction rolls back leaves a gap, the price of never waiting). SQLite: a counter row bumped
 * in the ticket's own transaction (one writer, savepoints per unit), so numbers have no gaps there.
 */
export async function nextTicketNumber(trx: Kysely<Database>, dialect: DialectName): Promise<Expression<number> | number> {
  if (dialect === 'postgres') return sql<number>`nextval('ticket_number_seq')`;
  const row = await trx
    .updateTable('sequences')
    .set((eb) => ({ value: eb('value', '+', 1) }))
    .where('name', '=', 'ticket_number')
    .returning('value')
    .executeTakeFirstOrThrow();
  return row.value;
}
