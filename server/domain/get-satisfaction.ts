import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.js';

export const SATISFACTION_DAYS = 30;

/** How clients answered "Did this solve it?" over the last `days`: counts and the share of "yes" (null with no answers). */
export async function getSatisfaction(
  db: Kysely<Database>,
  days = SATISFACTION_DAYS,
  at = new Date(),
): Promise<{ yes: number; no: number; percentYes: number | null; days: number }> {
  const since = new Date(at.getTime() - days * 24 * 60 * 60 * 1000).toISOString();
  const rows = await db
    .selectFrom('ticket_ratings')
    .select(['rating', (eb) => eb.fn.countAll<number | string>().as('count')])
    .where('created_at', '>', since)
    .groupBy('rating')
    .execute();
  const count = (rating: string) => Number(rows.find((r) => r.rating === rating)?.count ?? 0);
  const yes = count('yes');
  const no = count('no');
  return { yes, no, percentYes: yes + no === 0 ? null : Math.round((yes / (yes + no)) * 100), days };
}
