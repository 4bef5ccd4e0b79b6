import { timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.js';
import { signWithReplyKey } from './reply-key.js';

// 96 bits: nobody finds a ticket's address by trying; lower-case hex survives mail systems that
// change the case of local parts.
const TOKEN_LENGTH = 24;

const token = (db: Kysely<Database>, ticketId: number) => signWithReplyKey(db, `ticket-reply:${ticketId}`, TOKEN_LENGTH);
// Its own purpose string: the ticket's code (known to its client) says nothing about an agent's.
const agentToken = (db: Kysely<Database>, ticketId: number, agentId: number) =>
  signWithReplyKey(db, `ticket-agent-reply:${ticketId}:${agentId}`, TOKEN_LENGTH);

/** Whom a reply address names: its ticket, and for an agent's own address that agent. */
export interface ReplyAddressOwner {
  ticketId: number;
  /** Set only by an agent's own address (`support+<ticket>-<agent>-<code>@…`): the staff account it was mailed to. */
  agentId: number | null;
}

/** The ticket's reply address on the support address: `support+<ticket>-<token>@domain`. */
export async function replyAddressFor(db: Kysely<Database>, supportAddress: string, ticketId: number): Promise<string> {
  return withTag(supportAddress, `${ticketId}-${await token(db, ticketId)}`);
}

/**
 * One staff member's reply address for a ticket, `support+<ticket>-<agent>-<token>@domain`: only in the
 * mails sent to that account, so a reply to it is the one proof by mail that the agent wrote it.
 */
export async function agentReplyAddressFor(
  db: Kysely<Database>,
  supportAddress: string,
  ticketId: number,
  agentId: number,
): Promise<string> {
  return withTag(supportAddress, `${ticketId}-${agentId}-${await agentToken(db, ticketId, agentId)}`);
}

/** The ticket (and agent) a reply address names, when its code is theirs; null for any other address. */
export async function readReplyAddress(db: Kysely<Database>, supportAddress: string, address: string): Promise<ReplyAddressOwner | null> {
  const at = supportAddress.lastIndexOf('@');
  const local = supportAddress.slice(0, at).toLowerCase();
  const domain = supportAddress.slice(at + 1).toLowerCase();
  const lower = address.trim().toLowerCase();
  if (!lower.startsWith(`${local}+`) || !lower.endsWith(`@${domain}`)) return null;
  const tag = lower.slice(local.length + 1, lower.length - domain.length - 1);
  const match = /^(\d{1,12})-(?:(\d{1,12})-)?([0-9a-f]+)$/.exec(tag);
  if (!match) return null;
  const ticketId = Number(match[1]);
  const agentId = match[2] === undefined ? null : Number(match[2]);
  const expected = agentId === null ? await token(db, ticketId) : await agentToken(db, ticketId, agentId);
  return sameCode(match[3] as string, expected) ? { ticketId, agentId } : null;
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
