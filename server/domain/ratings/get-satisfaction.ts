import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';

export const SATISFACTION_DAYS = 30;

/**
 * How clients answered "Did this solve it?" over the last `days`: counts and the share of satisfied answers
 * (null with no answers). A "yes" for a resolution that was reopened since (rating_requests.reopened_at) did not
 * hold: it is counted apart as `reopened`, among the answers but not as satisfied. Answers to
 * links mailed before resolutions were recorded (no resolution_id) count as given.
 */
export async function getSatisfaction(
  db: Kysely<Database>,
  days = SATISFACTION_DAYS,
  at = new Date(),
): Promise<{ yes: number; no: number; reopened: number; percentYes: number | null; days: number }> {
  const since = new Date(at.getTime() - days * 24 * 60 * 60 * 1000).toISOString();
  const rows = await db
    .selectFrom('ticket_ratings as r')
    .leftJoin('rating_requests as q', 'q.id', 'r.resolution_id')
    .select(['r.rating', (eb) => eb('q.reopened_at', 'is not', null).as('reopened'), (eb) => eb.fn.countAll<number | string>().as('count')])
    .where('r.created_at', '>', since)
    .groupBy(['r.rating', 'reopened'])
    .execute();
  // `reopened` comes back as a boolean (PostgreSQL) or 0/1 (SQLite).
  const count = (rating: string, reopened: boolean) =>
    rows.filter((r) => r.rating === rating && Boolean(r.reopened) === reopened).reduce((sum, r) => sum + Number(r.count), 0);
  const yes = count('yes', false);
  const reopened = count('yes', true);
  const no = count('no', false) + count('no', true);
  const all = yes + no + reopened;
  return { yes, no, reopened, percentYes: all === 0 ? null : Math.round((yes / all) * 100), days };
}
