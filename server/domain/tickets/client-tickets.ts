import { type SqlBool, sql } from 'kysely';
import { getPosts } from '../content/post.js';
import type { DomainContext } from '../context.js';
import { ticketAuthorsVisibleTo } from '../people/organisation-sharing.js';
import { matchingTickets, searchWords } from '../search/ticket-search.js';
import { FINISHED_STATUS_SLUGS } from './finished-statuses.js';
import { isPublicComment } from './public-comment.js';

export interface ClientTicketSummary {
  id: number;
  /** The ticket number the client reads (#1, #2, …). */
  number: number | null;
  title: string;
  status: string;
  statusSlug: string;
  /** Where `status` comes from: the status's words for the client, or its name where it has none (for termLabel). */
  statusTaxonomy: StatusTaxonomy;
  createdAt: string;
  updatedAt: string;
}

export interface ClientTicketPage {
  tickets: ClientTicketSummary[];
  /** The client's tickets over all pages. */
  total: number;
}

export interface ThreadEntry {
  id: number;
  role: 'client' | 'agent' | 'bot';
  /** Written by the reader (a merge of two clients' tickets brings the other client's messages, with their name). */
  isOwn: boolean;
  authorName: string;
  text: string;
  createdAt: string;
}

export interface ClientThread {
  id: number;
  number: number | null;
  /** False once the ticket is Resolved or Closed: nothing left to mark solved. */
  isOpen: boolean;
  /** True once an agent has replied in public: only then is there an answer to mark solved. */
  isAnswered: boolean;
  title: string;
  status: string;
  statusSlug: string;
  /** Where `status` comes from: the status's words for the client, or its name where it has none (for termLabel). */
  statusTaxonomy: StatusTaxonomy;
  createdAt: string;
  updatedAt: string;
  description: string;
  entries: ThreadEntry[];
  /** The numbers of the reader's own tickets merged into this one ("Merged from #3"). */
  mergedFrom: number[];
  /** Merged into a ticket that is not the reader's: the conversation goes on there, with the team. */
  isMergedAway: boolean;
  /** The reader filed it (not a colleague reading it through organisation sharing): only they reply and copy people in. */
  isOwnTicket: boolean;
  /** Who filed it, for a colleague reading it through sharing ('' when no name was given). */
  ownerName: string;
}

/** A status as the client reads it is its `client_label`, else its name: the taxonomy termLabel reads it in. */
export type StatusTaxonomy = 'client_label' | 'ticket_status';

async function statusNames(
  ctx: DomainContext,
  ids: number[],
): Promise<Map<number, { name: string; slug: string; taxonomy: StatusTaxonomy }>> {
  if (ids.length === 0) return new Map();
  const rows = await ctx.db
    .selectFrom('term_relationships as tr')
    .innerJoin('terms as t', 't.id', 'tr.term_id')
    .select(['tr.post_id', 't.name', 't.slug', 't.client_label'])
    .where('tr.taxonomy', '=', 'ticket_status')
    .where('tr.post_id', 'in', ids)
    .execute();
  // The client reads the status from their side ("Awaiting our reply"), where one is set.
  return new Map(
    rows.map((r) => [
      r.post_id,
      r.client_label
        ? { name: r.client_label, slug: r.slug, taxonomy: 'client_label' as const }
        : { name: r.name, slug: r.slug, taxonomy: 'ticket_status' as const },
    ]),
  );
}

/**
 * One page of the signed-in client's tickets, most recently updated first. The database picks the
 * page; the rows are then read through the one post getter (so `helpdesk_get_posts` applies), and rows
 * a filter adds that are not the client's own are dropped.
 */
export async function listClientTickets(
  ctx: DomainContext,
  userId: number,
  page: { page: number; perPage: number; search?: string },
): Promise<ClientTicketPage> {
  // A client's search reaches their subjects, descriptions and public replies, never an internal note.
  const words = searchWords(page.search ?? '');
  // Their own, and their organisation's when the sharing setting is on (organisation-sharing.ts).
  const authors = await ticketAuthorsVisibleTo(ctx, userId);
  const own = ctx.db
    .selectFrom('posts')
    .where('type', '=', 'ticket')
    .where('author_id', 'in', authors)
    .$if(words.length > 0, (q) => {
      const matching = matchingTickets(ctx.storage, words, { includeNotes: false, authorId: userId });
      return q.where(sql<SqlBool>`posts.id in (select ticket_id from ${matching} as found)`);
    });
  const [count, ids] = await Promise.all([
    own.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    own
      .select('id')
      .orderBy('updated_at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.perPage)
      .offset((page.page - 1) * page.perPage)
      .execute(),
  ]);
  if (ids.length === 0) return { tickets: [], total: Number(count.n) };
  const posts = (await getPosts(ctx, { type: 'ticket', ids: ids.map((r) => r.id), orderBy: 'updated_at', order: 'desc' })).filter(
    (p) => p.authorId !== null && authors.includes(p.authorId),
  );
  const statuses = await statusNames(
    ctx,
    posts.map((p) => p.id),
  );
  return {
    tickets: posts.map((p) => ({
      id: p.id,
      number: p.number,
      title: p.title,
      status: statuses.get(p.id)?.name ?? '',
      statusSlug: statuses.get(p.id)?.slug ?? '',
      statusTaxonomy: statuses.get(p.id)?.taxonomy ?? 'ticket_status',
      createdAt: p.createdAt,
      updatedAt: p.updatedAt,
    })),
    total: Number(count.n),
  };
}

/**
 * One of the client's tickets with its public replies (never internal notes); undefined when it is not theirs
 * (nor, with the organisation sharing setting on, a colleague's: organisation-sharing.ts).
 */
export async function findClientThread(ctx: DomainContext, userId: number, ticketId: number): Promise<ClientThread | undefined> {
  if (!Number.isSafeInteger(ticketId) || ticketId < 1) return undefined;
  const [post] = await getPosts(ctx, { type: 'ticket', ids: [ticketId] });
  if (!post || post.id !== ticketId || post.authorId === null) return undefined;
  if (post.authorId !== userId && !(await ticketAuthorsVisibleTo(ctx, userId)).includes(post.authorId)) return undefined;
  const comments = await ctx.db
    .selectFrom('comments as c')
    .leftJoin('users as u', 'u.id', 'c.author_id')
    .select(['c.id', 'c.author_role', 'c.author_id', 'c.content', 'c.created_at', 'u.name'])
    .where('c.post_id', '=', ticketId)
    .where(isPublicComment)
    .orderBy('c.created_at')
    .orderBy('c.id')
    .execute();
  const [statuses, slug, links, owner] = await Promise.all([
    statusNames(ctx, [ticketId]),
    ctx.db
      .selectFrom('term_relationships as tr')
      .innerJoin('terms as t', 't.id', 'tr.term_id')
      .select('t.slug')
      .where('tr.taxonomy', '=', 'ticket_status')
      .where('tr.post_id', '=', ticketId)
      .executeTakeFirst(),
    // Merges this ticket is part of: its own tickets merged into it, and whether it went into one of someone else's.
    ctx.db
      .selectFrom('posts as p')
      .leftJoin('posts as into', 'into.id', 'p.merged_into_id')
      .select(['p.number', 'p.author_id', 'p.merged_into_id', 'into.author_id as into_author'])
      .where((eb) => eb.or([eb('p.merged_into_id', '=', ticketId), eb('p.id', '=', ticketId)]))
      .where('p.type', '=', 'ticket')
      .execute(),
    ctx.db.selectFrom('users').select('name').where('id', '=', post.authorId).executeTakeFirst(),
  ]);
  return {
    id: post.id,
    number: post.number,
    isOpen: !(FINISHED_STATUS_SLUGS as readonly string[]).includes(slug?.slug ?? ''),
    // The same rule markTicketSolved applies: only public comments are read here, and the bot's is no answer.
    isAnswered: comments.some((c) => c.author_role === 'agent'),
    title: post.title,
    status: statuses.get(post.id)?.name ?? '',
    statusSlug: statuses.get(post.id)?.slug ?? '',
    statusTaxonomy: statuses.get(post.id)?.taxonomy ?? 'ticket_status',
    createdAt: post.createdAt,
    updatedAt: post.updatedAt,
    description: post.content,
    entries: comments.map((c) => ({
      id: c.id,
      role: c.author_role,
      // Empty for the automatic reply, or a name never given: the page says so in the reader's language.
      authorName: c.author_role === 'bot' ? '' : (c.name ?? ''),
      isOwn: c.author_role === 'client' && c.author_id === userId,
      text: c.content,
      createdAt: c.created_at,
    })),
    mergedFrom: links
      .filter((l) => l.merged_into_id === ticketId && l.author_id === userId)
      .map((l) => l.number ?? 0)
      .sort((a, b) => a - b),
    isMergedAway: links.some((l) => l.merged_into_id !== null && l.merged_into_id !== ticketId && l.into_author !== userId),
    isOwnTicket: post.authorId === userId,
    ownerName: owner?.name ?? '',
  };
}
