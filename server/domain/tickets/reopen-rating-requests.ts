import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';
import { now } from '../context.js';
import { FINISHED_STATUS_SLUGS } from './finished-statuses.js';

/**
 * The ticket got the status `termId`: when that is not a finished one (Resolved, Closed), the resolutions that
 * asked "Did this solve it?" no longer hold. Their answers, given or still to come, stop counting as satisfied,
 * and the next resolution asks again. One statement; nothing when the status is finished.
 */
export async function reopenRatingRequests(db: Kysely<Database>, ticketId: number, termId: number): Promise<void> {
  await db
    .updateTable('rating_requests')
    .set({ reopened_at: now() })
    .where('ticket_id', '=', ticketId)
    .where('reopened_at', 'is', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('terms')
            .select('id')
            .where('id', '=', termId)
            .where('slug', 'in', [...FINISHED_STATUS_SLUGS]),
        ),
      ),
    )
    .execute();
}
