import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.js';
import { mailboxKey } from '../email/mail-throttle.js';
import { takeRateLimit } from './rate-limit.js';

// Sign-up and "Forgot password?" mail a link to an address anyone can type. Two limits per kind:
// per mailbox (so nobody floods one inbox; over it the visitor still reads "check your mail", which
// reveals nothing) and per network (`addressKey`: IPv6 by /64), so one client cannot spray mails over
// many addresses; over that one the page says so in plain words (429).

export type MailRequestKind = 'signup' | 'reset';

export const MAIL_REQUEST_WINDOW_MS = 60 * 60 * 1000;
/** Link mails per mailbox per hour, per kind. */
export const MAIL_REQUESTS_PER_ADDRESS = 3;
/** Requests per network per hour, per kind. */
export const MAIL_REQUESTS_PER_NETWORK = 10;

/** Takes one request of `kind` for the network `networkKey` (from `addressKey`); false when it has none left. */
export async function takeNetworkMailRequest(db: Kysely<Database>, kind: MailRequestKind, networkKey: string): Promise<boolean> {
  return takeRateLimit(db, `${kind}-net:${networkKey}`, MAIL_REQUESTS_PER_NETWORK, MAIL_REQUEST_WINDOW_MS);
}

/** Takes one link mail of `kind` to the mailbox of `email`; false when that mailbox had its share this hour. */
export async function takeAddressMailRequest(db: Kysely<Database>, kind: MailRequestKind, email: string): Promise<boolean> {
  return takeRateLimit(db, `${kind}-mail:${mailboxKey(email)}`, MAIL_REQUESTS_PER_ADDRESS, MAIL_REQUEST_WINDOW_MS);
}
