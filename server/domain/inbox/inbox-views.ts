import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { Database } from '../../db/tables.js';
import type { DomainContext } from '../context.js';
import { readTicketTerms } from '../tickets/ticket-terms.js';
import { keptViewCounts } from './kept-view-counts.js';

/**
 * The team's views of the inbox: "Mine" (assigned to the reader), "Unassigned", and "Needs reply" (the client
 * spoke last and the ticket is not Resolved or Closed). Each is an index range on posts
 * (`posts_type_assignee_updated_status`, `posts_type_client_spoke_last_updated_status`), never a per-row query;
 * the status id at the end of each index lets their counts per status read the index alone.
 */
export const INBOX_VIEWS = ['mine', 'unassigned', 'needs-reply'] as const;
export type InboxView = (typeof INBOX_VIEWS)[number];

/** Statuses where a ticket waits for no one: a client's last word there needs no reply. */
export const DONE_STATUS_SLUGS = ['resolved', 'closed'];

export interface ViewCounts {
  mine: number;
  unassigned: number;
  needsReply: number;
  /** The reader's tickets ("Mine") changed by someone else since the reader last opened them. */
  unread: number;
}

export async function doneStatusIds(ctx: DomainContext): Promise<number[]> {
  return (await readTicketTerms(ctx)).statuses.filter((s) => DONE_STATUS_SLUGS.includes(s.slug)).map((s) => s.id);
}

type Eb = ExpressionBuilder<Database, 'posts'>;

/** The view as a condition on `posts` (readerId: whose "Mine"; without one, "Mine" matches nothing). */
export function viewCondition(eb: Eb, view: InboxView, readerId: number | undefined, doneIds: number[]): Expression<SqlBool> {
  switch (view) {
    case 'mine':
      return readerId === undefined ? sql<SqlBool>`1 = 0` : eb('posts.assignee_id', '=', readerId);
    case 'unassigned':
      return eb('posts.assignee_id', 'is', null);
    case 'needs-reply': {
      const parts: Expression<SqlBool>[] = [eb('posts.client_spoke_last', '=', 1)];
      // The status copy on posts (migration 070) keeps the view and its counts inside one index.
      if (doneIds.length) parts.push(eb.or([eb('posts.status_term_id', 'is', null), eb('posts.status_term_id', 'not in', doneIds)]));
      return eb.and(parts);
    }
  }
}

/**
 * The count behind each view switch, and the reader's unread ones among their own tickets (GET /tickets/views):
 * read from the counts kept by migration 090's triggers, a few rows whatever the number of tickets.
 */
export async function countViews(ctx: DomainContext, readerId: number): Promise<ViewCounts> {
  return keptViewCounts(ctx, readerId, await doneStatusIds(ctx));
}
