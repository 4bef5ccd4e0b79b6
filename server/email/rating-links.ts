import { timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.js';
import { signWithReplyKey } from './reply-key.js';

/** How long the answer links of a "Did this solve it?" mail work. */
export const RATING_LINK_DAYS = 30;

export type RatingValue = 'yes' | 'no';

/** What a rating link says, once its signature is checked. */
export interface RatingClaim {
  ticketId: number;
  rating: RatingValue;
  /** The mail that carried it (its job id): both of one mail's links share it, so one mail gives one answer. */
  requestId: string;
  /** Epoch seconds. */
  expiresAt: number;
  /**
   * The resolution asked about (rating_requests.id): signed with the rest (token `r2`).
   * Absent in `r1` tokens, mailed before answers were bound to a resolution; those still work until they expire.
   */
  resolutionId?: number;
}

const SIGNATURE_LENGTH = 32;
const ID = '([1-9]\\d{0,15})';
const R1 = new RegExp(`^r1\\.${ID}\\.(yes|no)\\.${ID}\\.([1-9]\\d{0,11})\\.([0-9a-f]{32})$`);
const R2 = new RegExp(`^r2\\.${ID}\\.(yes|no)\\.${ID}\\.${ID}\\.([1-9]\\d{0,11})\\.([0-9a-f]{32})$`);

// A purpose of its own under the install's key: a reply address's or Message-ID's signature is never a
// valid rating signature, and the reverse. The version is part of it, so an r1 signature never passes as r2.
const fields = (c: RatingClaim) =>
  c.resolutionId === undefined
    ? ['r1', c.ticketId, c.rating, c.requestId, c.expiresAt]
    : ['r2', c.ticketId, c.rating, c.requestId, c.resolutionId, c.expiresAt];
const purpose = (c: RatingClaim) => `rating:${fields(c).join(':')}`;

/** The token of one answer link: ticket, answer, mail, resolution and expiry, in the clear, with their HMAC. */
export async function signRatingToken(db: Kysely<Database>, claim: RatingClaim): Promise<string> {
  const signature = await signWithReplyKey(db, purpose(claim), SIGNATURE_LENGTH);
  return `${fields(claim).join('.')}.${signature}`;
}

/** The two answer links of one mail, made when it is sent. */
export async function ratingLinks(
  db: Kysely<Database>,
  homeUrl: string,
  ticketId: number,
  requestId: string,
  resolutionId?: number,
  at = Date.now(),
): Promise<Record<RatingValue, string>> {
  const expiresAt = Math.floor(at / 1000) + RATING_LINK_DAYS * 24 * 60 * 60;
  const link = async (rating: RatingValue) => {
    const token = await signRatingToken(db, {
      ticketId,
      rating,
      requestId,
      expiresAt,
      ...(resolutionId !== undefined && { resolutionId }),
    });
    return `${homeUrl}/rating/?token=${token}`;
  };
  return { yes: await link('yes'), no: await link('no') };
}

/**
 * Checks a token: `invalid` when it is malformed or its signature does not match (tampered), `expired`
 * when its time is over (checked after the signature, so an edited expiry is `invalid`), else the claim.
 */
export async function verifyRatingToken(
  db: Kysely<Database>,
  token: unknown,
  at = Date.now(),
): Promise<{ state: 'invalid' } | { state: 'expired' | 'valid'; claim: RatingClaim }> {
  const r1 = typeof token === 'string' ? R1.exec(token) : null;
  const r2 = typeof token === 'string' && !r1 ? R2.exec(token) : null;
  const match = r1 ?? r2;
  if (!match) return { state: 'invalid' };
  const claim: RatingClaim = {
    ticketId: Number(match[1]),
    rating: match[2] as RatingValue,
    requestId: match[3] as string,
    expiresAt: Number(r2 ? match[5] : match[4]),
    ...(r2 && { resolutionId: Number(r2[4]) }),
  };
  const expected = Buffer.from(await signWithReplyKey(db, purpose(claim), SIGNATURE_LENGTH));
  const given = Buffer.from((r2 ? match[6] : match[5]) as string);
  if (
    !Number.isSafeInteger(claim.ticketId) ||
    (claim.resolutionId !== undefined && !Number.isSafeInteger(claim.resolutionId)) ||
    given.length !== expected.length ||
    !timingSafeEqual(given, expected)
  )
    return { state: 'invalid' };
  return { state: claim.expiresAt * 1000 <= at ? 'expired' : 'valid', claim };
}
