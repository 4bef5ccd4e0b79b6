import { message } from '../../../common/i18n/translator.js';
import { AppError } from '../../errors.js';
import { getTicketFormFields } from '../../settings/get-ticket-form-fields.js';
import { labelTicketMeta } from '../../ticket-form/label-ticket-meta.js';
import type { DomainContext } from '../context.js';
import { listTicketEvents, type TicketEvent } from '../tickets/ticket-activity.js';
import { tagsOfTickets } from '../tickets/ticket-tags.js';
import { clientsOtherTickets, ticketAndClientsOtherIds } from './clients-other-tickets.js';
import { describeTickets, type InboxTicket, withInboxColumns } from './list-inbox.js';

export interface AgentComment {
  id: number;
  role: 'client' | 'agent' | 'bot';
  author: { id: number; name: string } | null;
  text: string;
  isInternal: boolean;
  createdAt: string;
}

export interface AgentTicket extends InboxTicket {
  description: string;
  /** Ticket meta the agent sees: `order` and the custom form fields (`custom_*`). */
  meta: Record<string, string>;
  /** For each key of `meta`, the label the owner gives its field in Tickets → Form fields now. */
  metaLabels: Record<string, string>;
  comments: AgentComment[];
  /** The client's other tickets, most recent activity first (at most 20). */
  otherTickets: InboxTicket[];
  /** Raised by every change; what agents send back so a colleague's change is never silently overwritten. */
  version: number;
  /** Every reply, note and field change with who and when, oldest first. */
  events: TicketEvent[];
  /** The client's answers to "Did this solve it?", oldest first. */
  ratings: Array<{ rating: 'yes' | 'no'; comment: string; createdAt: string }>;
}

/**
 * One ticket as agents see it: every comment, internal notes included, and the client's sidebar. Its
 * parts are read together, in one round of queries, not one after another: on PostgreSQL each round waits
 * for the database and for a turn of the event loop, which under load is what an agent waits for.
 */
export async function getAgentTicket(ctx: DomainContext, id: number): Promise<AgentTicket> {
  if (!Number.isSafeInteger(id)) throw new AppError('NOT_FOUND', message('problems.ticket.not_found'));
  const [row, metaRows, comments, others, events, ratings, tags, formFields] = await Promise.all([
    withInboxColumns(ctx.db.selectFrom('posts').where('posts.id', '=', id).where('posts.type', '=', 'ticket'), undefined)
      .select('posts.content')
      .executeTakeFirst(),
    ctx.db.selectFrom('post_meta').select(['meta_key', 'meta_value']).where('post_id', '=', id).orderBy('id').execute(),
    ctx.db
      .selectFrom('comments as c')
      .leftJoin('users as u', 'u.id', 'c.author_id')
      .leftJoin('comment_meta as m', (join) => join.onRef('m.comment_id', '=', 'c.id').on('m.meta_key', '=', 'is_internal'))
      .select(['c.id', 'c.author_role', 'c.author_id', 'u.name', 'c.content', 'c.created_at', 'm.meta_value as internal'])
      .where('c.post_id', '=', id)
      .orderBy('c.created_at')
      .orderBy('c.id')
      .execute(),
    clientsOtherTickets(ctx.db, id).execute(),
    listTicketEvents(ctx.db, id),
    ctx.db.selectFrom('ticket_ratings').select(['rating', 'comment', 'created_at']).where('ticket_id', '=', id).orderBy('id').execute(),
    tagsOfTickets(ctx.db, ticketAndClientsOtherIds(ctx.db, id)),
    getTicketFormFields(ctx),
  ]);
  if (!row) throw new AppError('NOT_FOUND', message('problems.ticket.not_found'));
  const { content, ...listRow } = row;
  const { version } = row;
  const [ticket, ...otherTickets] = await describeTickets(ctx, [listRow, ...others], tags);
  const meta = Object.fromEntries(
    metaRows.filter((m) => m.meta_key === 'order' || m.meta_key.startsWith('custom_')).map((m) => [m.meta_key, m.meta_value]),
  );
  return {
    ...(ticket as InboxTicket),
    description: content,
    meta,
    metaLabels: labelTicketMeta(formFields, meta),
    comments: comments.map((c) => ({
      id: c.id,
      role: c.author_role,
      author: c.author_id === null ? null : { id: c.author_id, name: c.name ?? '' },
      text: c.content,
      isInternal: c.internal === '1',
      createdAt: c.created_at,
    })),
    otherTickets,
    version,
    events,
    ratings: ratings.map((r) => ({ rating: r.rating, comment: r.comment, createdAt: r.created_at })),
  };
}
