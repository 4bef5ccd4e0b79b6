import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';
import { enqueueJob } from '../../jobs/queue.js';
import { queueWebhookEvent } from '../../webhooks/queue-webhook-event.js';

export interface CommentRows {
  ticket: { id: number; number: number | null };
  text: string;
  role: 'client' | 'agent' | 'bot';
  isInternal: boolean;
  actorId: number | null;
  time: string;
}

/**
 * A comment's rows in the caller's transaction: the comment, its `is_internal` meta, and who spoke last on the
 * ticket (a public message decides "Needs reply"; a note does not). The version and activity are `changeTicket`'s.
 */
export async function insertCommentRows(trx: Kysely<Database>, comment: CommentRows): Promise<number> {
  const { id } = await trx
    .insertInto('comments')
    .values({
      post_id: comment.ticket.id,
      author_id: comment.actorId,
      author_role: comment.role,
      content: comment.text,
      created_at: comment.time,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('comment_meta')
    .values({ comment_id: id, meta_key: 'is_internal', meta_value: comment.isInternal ? '1' : '0' })
    .execute();
  await trx
    .updateTable('posts')
    .set(
      comment.isInternal
        ? { updated_at: comment.time }
        : { updated_at: comment.time, client_spoke_last: comment.role === 'client' ? 1 : 0 },
    )
    .where('id', '=', comment.ticket.id)
    .execute();
  return id;
}

/** A comment's outbox, after its ticket's change: the `comment_added` job (its mails) and the webhook event. */
export async function queueCommentOutbox(trx: Kysely<Database>, comment: CommentRows, id: number, ratingRequestId?: number): Promise<void> {
  // The ticket first: a separate rating mail finds a reply still being fanned out by it (rating-waits-for-reply.ts).
  await enqueueJob(trx, 'comment_added', {
    ticketId: comment.ticket.id,
    commentId: id,
    ...(ratingRequestId !== undefined && !comment.isInternal && { ratingRequestId }),
  });
  await queueWebhookEvent(
    trx,
    'comment.created',
    {
      ticket: { id: comment.ticket.id, number: comment.ticket.number },
      comment: {
        id,
        author_id: comment.actorId,
        author_role: comment.role,
        internal: comment.isInternal,
        text: comment.text,
        created: comment.time,
      },
    },
    new Date(comment.time),
  );
}
