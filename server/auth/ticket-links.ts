import type { Kysely } from 'kysely';
import { SECRET_TOKEN_MAX_LENGTH } from '../../common/limits.js';
import type { Database, UserRow } from '../db/tables.js';
import { hashToken } from '../domain/people/api-tokens.js';
import { issuedLinkState, issueLinkToken, useLinkOnce } from './link-state.js';

export const TICKET_LINK_PURPOSE = 'ticket_link';
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Makes a one-time sign-in link for a client's mail: 256 random bits, stored only as a hash, bound to
 * the account and (when given) the ticket it opens.
 */
export async function issueTicketLink(
  db: Kysely<Database>,
  homeUrl: string,
  input: { userId: number; ticketId: number | null; lifetimeDays: number },
): Promise<string> {
  const token = await issueLinkToken(db, {
    purpose: TICKET_LINK_PURPOSE,
    userId: input.userId,
    ticketId: input.ticketId,
    lifetimeMs: input.lifetimeDays * DAY_MS,
  });
  return `${homeUrl}/login/ticket/?token=${token}`;
}

export type LinkState =
  | { state: 'valid'; user: UserRow; ticketId: number | null }
  | { state: 'used' | 'expired'; user: UserRow; ticketId: number | null }
  | { state: 'unknown' };

/** What a link's token stands for, without using it (the confirm page shows this). */
export async function inspectTicketLink(db: Kysely<Database>, token: string): Promise<LinkState> {
  if (!token || token.length > SECRET_TOKEN_MAX_LENGTH) return { state: 'unknown' };
  const row = await db
    .selectFrom('login_tokens as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .selectAll('u')
    .select(['t.ticket_id', 't.used_at', 't.expires_at'])
    .where('t.purpose', '=', TICKET_LINK_PURPOSE)
    .where('t.token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!row) return { state: 'unknown' };
  const { ticket_id, used_at, expires_at, ...user } = row;
  return { state: issuedLinkState({ used_at, expires_at }), user: user as UserRow, ticketId: ticket_id };
}

/**
 * Uses the link once: the UPDATE that marks it used is the check, so two concurrent confirmations
 * cannot both succeed. Returns the account and ticket (id and number), or null when the link is unknown, used or expired.
 */
export async function consumeTicketLink(
  db: Kysely<Database>,
  token: string,
): Promise<{ user: UserRow; ticketId: number | null; ticketNumber: number | null } | null> {
  const row = await useLinkOnce(db, { purpose: TICKET_LINK_PURPOSE, token });
  if (!row?.user_id) return null;
  const [user, ticket] = await Promise.all([
    db.selectFrom('users').selectAll().where('id', '=', row.user_id).executeTakeFirst(),
    // The help site's address names the ticket by its number, as the mail did.
    row.ticket_id === null
      ? undefined
      : db.selectFrom('posts').select('number').where('id', '=', row.ticket_id).where('type', '=', 'ticket').executeTakeFirst(),
  ]);
  return user ? { user, ticketId: row.ticket_id, ticketNumber: ticket?.number ?? null } : null;
}
