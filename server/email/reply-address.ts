import { timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.js';
import { signWithReplyKey } from './reply-key.js';

// 96 bits: nobody finds a ticket's address by trying; lower-case hex survives mail systems that
// change the case of local parts.
const TOKEN_LENGTH = 24;

// The address names the ticket by its number (what people read, `[#12]` in the subject). Addresses made
// before carried the ticket's id, signed under other purposes: both are checked, and a code can only be
// right for one of them, so an old address keeps threading into its ticket and never into ticket #<id>.
const token = (db: Kysely<Database>, ticketNumber: number) => signWithReplyKey(db, `ticket-number-reply:${ticketNumber}`, TOKEN_LENGTH);
// Its own purpose string: the ticket's code (known to its client) says nothing about an agent's.
const agentToken = (db: Kysely<Database>, ticketNumber: number, agentId: number) =>
  signWithReplyKey(db, `ticket-number-agent-reply:${ticketNumber}:${agentId}`, TOKEN_LENGTH);
// The id-based codes of addresses already in people's mailboxes: read, never made.
const idToken = (db: Kysely<Database>, ticketId: number) => signWithReplyKey(db, `ticket-reply:${ticketId}`, TOKEN_LENGTH);
const agentIdToken = (db: Kysely<Database>, ticketId: number, agentId: number) =>
  signWithReplyKey(db, `ticket-agent-reply:${ticketId}:${agentId}`, TOKEN_LENGTH);

/** Whom a reply address names: its ticket, and for an agent's own address that agent. */
export interface ReplyAddressOwner {
  ticketId: number;
  ticketNumber: number;
  /** Set only by an agent's own address (`support+<number>-<agent>-<code>@…`): the staff account it was mailed to. */
  agentId: number | null;
}

/** The ticket's reply address on the support address: `support+<number>-<token>@domain`. */
export async function replyAddressFor(db: Kysely<Database>, supportAddress: string, ticketNumber: number): Promise<string> {
  return withTag(supportAddress, `${ticketNumber}-${await token(db, ticketNumber)}`);
}

/**
 * One staff member's reply address for a ticket, `support+<number>-<agent>-<token>@domain`: only in the
 * mails sent to that account, so a reply to it is the one proof by mail that the agent wrote it.
 */
export async function agentReplyAddressFor(
  db: Kysely<Database>,
  supportAddress: string,
  ticketNumber: number,
  agentId: number,
): Promise<string> {
  return withTag(supportAddress, `${ticketNumber}-${agentId}-${await agentToken(db, ticketNumber, agentId)}`);
}

/**
 * The ticket (and agent) a reply address names, when its code is theirs and the ticket exists; null for any
 * other address. Reads both forms: by number (made now) and by id (made before tickets had numbers).
 */
export async function readReplyAddress(db: Kysely<Database>, supportAddress: string, address: string): Promise<ReplyAddressOwner | null> {
  const at = supportAddress.lastIndexOf('@');
  const local = supportAddress.slice(0, at).toLowerCase();
  const domain = supportAddress.slice(at + 1).toLowerCase();
  const lower = address.trim().toLowerCase();
  if (!lower.startsWith(`${local}+`) || !lower.endsWith(`@${domain}`)) return null;
  const tag = lower.slice(local.length + 1, lower.length - domain.length - 1);
  const match = /^(\d{1,12})-(?:(\d{1,12})-)?([0-9a-f]+)$/.exec(tag);
  if (!match) return null;
  const named = Number(match[1]);
  const agentId = match[2] === undefined ? null : Number(match[2]);
  const code = match[3] as string;
  const [byNumber, byId] = await Promise.all(
    agentId === null ? [token(db, named), idToken(db, named)] : [agentToken(db, named, agentId), agentIdToken(db, named, agentId)],
  );
  // Both compared, whichever matches: the time taken says nothing about which form was tried.
  const isNumber = sameCode(code, byNumber);
  const isId = sameCode(code, byId);
  if (!isNumber && !isId) return null;
  const ticket = await db
    .selectFrom('posts')
    .select(['id', 'number'])
    .where(isNumber ? 'number' : 'id', '=', named)
    .where('type', '=', 'ticket')
    .executeTakeFirst();
  return ticket ? { ticketId: ticket.id, ticketNumber: ticket.number ?? ticket.id, agentId } : null;
}

/** The ticket a reply address names (the ticket's own or one of its agents'); null for any other address. */
export async function ticketOfReplyAddress(db: Kysely<Database>, supportAddress: string, address: string): Promise<number | null> {
  return (await readReplyAddress(db, supportAddress, address))?.ticketId ?? null;
}

function withTag(supportAddress: string, tag: string): string {
  const at = supportAddress.lastIndexOf('@');
  return `${supportAddress.slice(0, at)}+${tag}${supportAddress.slice(at)}`;
}

// Constant time, so the code cannot be found a character at a time by timing the answers.
function sameCode(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
