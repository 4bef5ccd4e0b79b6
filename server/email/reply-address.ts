import { timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.js';
import { signWithReplyKey } from './reply-key.js';

// 96 bits: nobody finds a ticket's address by trying; lower-case hex survives mail systems that
// change the case of local parts.
const TOKEN_LENGTH = 24;

const token = (db: Kysely<Database>, ticketId: number) => signWithReplyKey(db, `ticket-reply:${ticketId}`, TOKEN_LENGTH);

/** The ticket's reply address on the support address: `support+<ticket>-<token>@domain`. */
export async function replyAddressFor(db: Kysely<Database>, supportAddress: string, ticketId: number): Promise<string> {
  const at = supportAddress.lastIndexOf('@');
  return `${supportAddress.slice(0, at)}+${ticketId}-${await token(db, ticketId)}${supportAddress.slice(at)}`;
}

/** The ticket a reply address names, when its token is that ticket's; null for any other address. */
export async function ticketOfReplyAddress(db: Kysely<Database>, supportAddress: string, address: string): Promise<number | null> {
  const at = supportAddress.lastIndexOf('@');
  const local = supportAddress.slice(0, at).toLowerCase();
  const domain = supportAddress.slice(at + 1).toLowerCase();
  const lower = address.trim().toLowerCase();
  if (!lower.startsWith(`${local}+`) || !lower.endsWith(`@${domain}`)) return null;
  const tag = lower.slice(local.length + 1, lower.length - domain.length - 1);
  const match = /^(\d{1,12})-([0-9a-f]+)$/.exec(tag);
  if (!match) return null;
  const ticketId = Number(match[1]);
  const expected = Buffer.from(await token(db, ticketId));
  const given = Buffer.from(match[2] as string);
  return given.length === expected.length && timingSafeEqual(given, expected) ? ticketId : null;
}
