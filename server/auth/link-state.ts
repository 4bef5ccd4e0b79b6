import { now } from '../domain/context.js';

/** What a mailed one-time link is: usable, used already, past its time, or never issued. */
export type OneTimeLinkState = 'valid' | 'used' | 'expired' | 'unknown';

/** The state of an issued link's row (sign-in links, sign-up confirmations, password resets alike). */
export function issuedLinkState(row: { used_at: string | null; expires_at: string }): Exclude<OneTimeLinkState, 'unknown'> {
  return row.used_at ? 'used' : row.expires_at <= now() ? 'expired' : 'valid';
}
