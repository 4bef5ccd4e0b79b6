import type { Kysely } from 'kysely';
import { CC_MAX } from '../../../common/limits.js';
import type { Database } from '../../db/tables.js';

/**
 * A merge joins the people of a ticket to the one that stays, in the merge's transaction: its followers, its clients
 * copied in, and — when the merged ticket was another client's — that client, copied in, so they keep getting the
 * public replies and may still answer (their messages keep their author). The surviving ticket's own client is never
 * copied in on it; clients copied in stop at CC_MAX, the oldest first. Written here, not through the participants
 * area, which builds on tickets (ARCHITECTURE.md, who may import what).
 */
export async function joinParticipants(
  trx: Kysely<Database>,
  source: { id: number; author_id: number | null },
  target: { id: number; author_id: number | null },
  at: string,
): Promise<void> {
  const rows = await trx
    .selectFrom('ticket_participants')
    .select(['user_id', 'kind', 'added_by'])
    .where('ticket_id', '=', source.id)
    .orderBy('id')
    .execute();
  const sourceClient = source.author_id !== null && source.author_id !== target.author_id ? source.author_id : null;
  const joining = [
    ...(sourceClient === null ? [] : [{ user_id: sourceClient, kind: 'cc' as const, added_by: null }]),
    ...rows.filter((row) => !(row.kind === 'cc' && row.user_id === target.author_id)),
  ];
  const present = await trx.selectFrom('ticket_participants').select(['user_id', 'kind']).where('ticket_id', '=', target.id).execute();
  const has = new Set(present.map((row) => `${row.kind}:${row.user_id}`));
  let room = CC_MAX - present.filter((row) => row.kind === 'cc').length;
  for (const row of joining) {
    if (has.has(`${row.kind}:${row.user_id}`)) continue;
    if (row.kind === 'cc' && room <= 0) continue;
    if (row.kind === 'cc') room--;
    has.add(`${row.kind}:${row.user_id}`);
    await trx
      .insertInto('ticket_participants')
      .values({ ticket_id: target.id, user_id: row.user_id, kind: row.kind, added_by: row.added_by, created_at: at })
      .execute();
  }
}
