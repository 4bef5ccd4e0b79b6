import type { Kysely } from 'kysely';
import type { Database } from '../../../db/tables.js';
import { resolutionReopened } from '../../../domain/ratings/record-rating.js';
import { type RatingClaim, signRatingToken, verifyRatingToken } from '../../../email/rating-links.js';
import type { RatingPageState } from './rating-page.js';

/**
 * What a rating link's page shows before anything is recorded: the choice (with a link to the other
 * answer of the same mail), or why the link cannot be used.
 */
export async function ratingLinkState(
  db: Kysely<Database>,
  homeUrl: string,
  token: unknown,
): Promise<{ state: RatingPageState; status: number; claim?: RatingClaim }> {
  const checked = await verifyRatingToken(db, token);
  if (checked.state === 'invalid') return { state: { kind: 'invalid' }, status: 404 };
  const earlier = await db
    .selectFrom('ticket_ratings')
    .select('rating')
    .where('request_id', '=', checked.claim.requestId)
    .executeTakeFirst();
  if (earlier) return { state: { kind: 'already', rating: earlier.rating }, status: 200, claim: checked.claim };
  if (checked.state === 'expired') return { state: { kind: 'expired' }, status: 410, claim: checked.claim };
  const other = await signRatingToken(db, { ...checked.claim, rating: checked.claim.rating === 'yes' ? 'no' : 'yes' });
  // Said plainly before the client answers: a reopened ticket is not solved by a "yes" to the old question.
  const superseded = await resolutionReopened(db, checked.claim);
  return {
    state: {
      kind: 'choose',
      token: token as string,
      rating: checked.claim.rating,
      otherLink: `${homeUrl}/rating/?token=${other}`,
      ...(superseded && { superseded }),
    },
    status: 200,
    claim: checked.claim,
  };
}
