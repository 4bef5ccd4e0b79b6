import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/tables.js';

/** A ticket another one is linked to by a merge or a split, as people name it. */
export interface LinkedTicket {
  id: number;
  number: number;
}

/** What a ticket was merged into, what was merged into it, what it was split from and what was split from it. */
export interface TicketLinks {
  mergedInto: LinkedTicket | null;
  mergedFrom: LinkedTicket[];
  splitFrom: LinkedTicket | null;
  splitInto: LinkedTicket[];
}

type LinkKind = 'merged_into' | 'merged_from' | 'split_from' | 'split_into';

/** A ticket's merge and split links, in one statement (each part by the ticket's row or a partial index). */
export async function readTicketLinks(db: Kysely<Database>, ticketId: number): Promise<TicketLinks> {
  const own = (column: 'merged_into_id' | 'split_from_id') =>
    db.selectFrom('posts').select(column).where('id', '=', ticketId).where('type', '=', 'ticket');
  const part = (kind: LinkKind) =>
    db
      .selectFrom('posts as p')
      .select(['p.id', 'p.number', sql<LinkKind>`${sql.lit(kind)}`.as('kind')])
      .where('p.type', '=', 'ticket');
  const rows = await part('merged_into')
    .where('p.id', '=', own('merged_into_id'))
    .unionAll(part('merged_from').where('p.merged_into_id', '=', ticketId))
    .unionAll(part('split_from').where('p.id', '=', own('split_from_id')))
    .unionAll(part('split_into').where('p.split_from_id', '=', ticketId))
    .execute();
  const of = (kind: LinkKind) =>
    rows
      .filter((r) => r.kind === kind)
      .map((r) => ({ id: r.id, number: r.number ?? r.id }))
      .sort((a, b) => a.number - b.number);
  return {
    mergedInto: of('merged_into')[0] ?? null,
    mergedFrom: of('merged_from'),
    splitFrom: of('split_from')[0] ?? null,
    splitInto: of('split_into'),
  };
}
