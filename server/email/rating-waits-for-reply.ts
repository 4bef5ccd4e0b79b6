import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.js';
import type { JobRow } from '../jobs/queue.js';

/** How long a "Did this solve it?" mail waits before it looks again for the reply mails it must follow. */
export const RATING_WAIT_MS = 500;

/**
 * Whether a separate "Did this solve it?" mail (a status change without a reply) must wait, so it never reaches
 * the client before a reply sent just before it: a reply of that ticket still being fanned
 * out (its `comment_added` job, queued before this mail), or its mail to this client not sent yet. A batch's
 * jobs run together, so the order of the queue alone does not keep the mails in order. Matched on the payloads'
 * JSON as `enqueueJob` writes it (keys in the order they are made: add-comment.ts and fanOutCommentAdded).
 */
export async function ratingWaitsForReply(db: Kysely<Database>, job: JobRow, ticketId: number, userId: number): Promise<boolean> {
  const pending = await db
    .selectFrom('jobs')
    .select('id')
    .where('state', 'in', ['queued', 'running'])
    .where('id', '<>', job.id)
    .where((eb) =>
      eb.or([
        eb.and([eb('kind', '=', 'comment_added'), eb('id', '<', job.id), eb('payload', 'like', `{"ticketId":${ticketId},%`)]),
        eb.and([
          eb('kind', '=', 'mail'),
          eb('payload', 'like', `{"template":"client_agent_reply","userId":${userId},"ticketId":${ticketId},%`),
        ]),
      ]),
    )
    .limit(1)
    .executeTakeFirst();
  return pending !== undefined;
}
