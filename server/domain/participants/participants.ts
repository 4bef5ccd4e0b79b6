import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';

export type ParticipantKind = 'cc' | 'follower';

/** Someone on a ticket besides its client and assignee, as staff see them. */
export interface Participant {
  kind: ParticipantKind;
  userId: number;
  name: string;
  email: string;
  addedBy: number | null;
  createdAt: string;
}

/** The ticket's copied-in clients and followers, oldest first. */
export async function listParticipants(db: Kysely<Database>, ticketId: number): Promise<Participant[]> {
  const rows = await db
    .selectFrom('ticket_participants as tp')
    .innerJoin('users as u', 'u.id', 'tp.user_id')
    .select(['tp.kind', 'tp.user_id', 'u.name', 'u.email', 'tp.added_by', 'tp.created_at'])
    .where('tp.ticket_id', '=', ticketId)
    .orderBy('tp.id')
    .execute();
  return rows.map((r) => ({
    kind: r.kind,
    userId: r.user_id,
    name: r.name,
    email: r.email,
    addedBy: r.added_by,
    createdAt: r.created_at,
  }));
}

/** The enabled accounts of one kind on a ticket (who gets its mails and notices). */
export async function participantIds(db: Kysely<Database>, ticketId: number, kind: ParticipantKind): Promise<number[]> {
  const rows = await db
    .selectFrom('ticket_participants as tp')
    .innerJoin('users as u', 'u.id', 'tp.user_id')
    .select('tp.user_id')
    .where('tp.ticket_id', '=', ticketId)
    .where('tp.kind', '=', kind)
    .where('u.disabled_at', 'is', null)
    // A follower is staff, a copied-in person a client: an account whose role changed since is neither.
    .where('u.role', kind === 'cc' ? '=' : '!=', 'client')
    .orderBy('tp.id')
    .execute();
  return rows.map((r) => r.user_id);
}

/** Whether `userId` is copied in on the ticket (a reply by mail from them lands under their name). */
export async function isCopiedIn(db: Kysely<Database>, ticketId: number, userId: number): Promise<boolean> {
  return (await participantIds(db, ticketId, 'cc')).includes(userId);
}

/** How many clients are copied in on the ticket. */
export async function countCopied(db: Kysely<Database>, ticketId: number): Promise<number> {
  const row = await db
    .selectFrom('ticket_participants')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('ticket_id', '=', ticketId)
    .where('kind', '=', 'cc')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Adds the row once (the unique key keeps a second add, even a racing one, a no-op); true when it was new. */
export async function insertParticipant(
  db: Kysely<Database>,
  row: { ticketId: number; userId: number; kind: ParticipantKind; addedBy: number | null; at: string },
): Promise<boolean> {
  const result = await db
    .insertInto('ticket_participants')
    .values({ ticket_id: row.ticketId, user_id: row.userId, kind: row.kind, added_by: row.addedBy, created_at: row.at })
    .onConflict((oc) => oc.columns(['ticket_id', 'user_id', 'kind']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}
