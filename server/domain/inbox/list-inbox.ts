import { type Expression, type ExpressionBuilder, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import type { Database, Taxonomy } from '../../db/tables.js';
import { findTermId } from '../content/find-term-id.js';
import type { DomainContext } from '../context.js';
import { searchSnippets } from '../search/search-snippets.js';
import type { SnippetPart } from '../search/snippet-parts.js';
import { bestMatches, type SearchTerm, searchWords } from '../search/ticket-search.js';
import { type Tag, tagsOfTickets } from '../tickets/ticket-tags.js';
import { readTicketTerms, readTicketTermsWith, type TicketTaxonomy } from '../tickets/ticket-terms.js';
import { type DueView, dueCondition, dueViewStatusCounts, isDueView, type SlaEb } from './due-views.js';
import { doneStatusIds, type InboxView, viewCondition } from './inbox-views.js';
import { keptViewStatusCounts } from './kept-view-status-counts.js';
import { ticketStatusCounts } from './ticket-status-counts.js';

export interface InboxFilters {
  /** Status slug. */
  status?: string;
  product?: number;
  /** Reason id or slug. */
  reason?: number | string;
  /** Urgency id or slug. */
  urgency?: number | string;
  /** A user id, or `none` for unassigned tickets. */
  assignee?: number | 'none';
  /** The client's user id. */
  client?: number;
  /** An organisation's id: tickets of its clients. */
  organisation?: number;
  /** A tag's id or slug. */
  tag?: number | string;
  /**
   * A team view: assigned to the reader, to no one, or waiting for our reply (see inbox-views.ts); or a
   * service-level one, overdue or due within the hour (due-views.ts), always in due order.
   */
  view?: InboxView | DueView;
  /** `due`: the next due time first, tickets without one after them (in activity order); default: latest activity first. */
  sort?: 'activity' | 'due';
  /** Words in the subject, description, any comment or note, order ID or custom field, the client's name or email; or `#123`. */
  search?: string;
  page: number;
  perPage: number;
}

export interface InboxTicket {
  id: number;
  /** The ticket number people read (#1, #2, …). */
  number: number | null;
  title: string;
  status: { slug: string; name: string } | null;
  reason: { slug: string; name: string } | null;
  urgency: { slug: string; name: string } | null;
  productId: number | null;
  client: { id: number; name: string; email: string } | null;
  assignee: { id: number; name: string } | null;
  createdAt: string;
  updatedAt: string;
  /** The ticket's version (raised by every change). */
  version: number;
  tags: Tag[];
  /** Changed by someone else since the reader last opened it (false when no reader is given). */
  isUnread: boolean;
  /** A search's page only: where its words are in a message or the description (search-snippets.ts). */
  snippet?: SnippetPart[] | null;
  /** The earliest due time of its running service-level targets; null when none runs. */
  slaDueAt: string | null;
}

export interface InboxPage {
  tickets: InboxTicket[];
  /** Tickets matching every filter. */
  total: number;
  /** Tickets per status slug matching every filter except the status one (the inbox's tabs). */
  counts: Record<string, number>;
}

type Eb = ExpressionBuilder<Database, 'posts'>;

/** A search as the list query uses it: the ranks of its best matches (ticket-search.ts) and a `#12` number. */
async function inboxSearch(ctx: DomainContext, text: string | undefined) {
  const trimmed = text?.trim() ?? '';
  const number = /^#?(\d{1,12})$/.exec(trimmed)?.[1];
  // `#12` means the ticket; bare digits may also be words of an order ID or a message.
  const words = trimmed.startsWith('#') && number !== undefined ? [] : searchWords(trimmed);
  const matches = words.length ? await bestMatches(ctx.db, ctx.storage, words, { includeNotes: true }) : [];
  return {
    active: words.length > 0 || number !== undefined,
    number: number === undefined ? undefined : Number(number),
    ranks: new Map(matches.map((m) => [m.ticket_id, m.rank])),
    terms: words,
  };
}

// Filters are resolved to term ids first, so the list query probes integer keys only. A status, reason or
// urgency comes from the cached ticket terms; the database is asked only for one they do not hold (a tag, or
// a term made on another instance a moment ago).
async function termId(ctx: DomainContext, taxonomy: Taxonomy, key: number | string | undefined): Promise<number | null | undefined> {
  if (key === undefined) return undefined;
  const cached = isTicketTaxonomy(taxonomy) ? (await readTicketTerms(ctx)).find(taxonomy, key) : undefined;
  return cached?.id ?? (await findTermId(ctx.db, taxonomy, key)) ?? null;
}

function isTicketTaxonomy(taxonomy: Taxonomy): taxonomy is TicketTaxonomy {
  return taxonomy === 'ticket_status' || taxonomy === 'ticket_reason' || taxonomy === 'ticket_urgency';
}

/**
 * The agents' inbox: tickets matching the filters, most recent activity first (`posts.updated_at`,
 * which every comment bumps), one page, with the total and the counts per status.
 */
export async function listInbox(ctx: DomainContext, filters: InboxFilters, readerId?: number): Promise<InboxPage> {
  const [statusId, reasonId, urgencyId, tagId, doneIds] = await Promise.all([
    termId(ctx, 'ticket_status', filters.status),
    termId(ctx, 'ticket_reason', filters.reason),
    termId(ctx, 'ticket_urgency', filters.urgency),
    termId(ctx, 'ticket_tag', filters.tag),
    filters.view === 'needs-reply' ? doneStatusIds(ctx) : Promise.resolve([]),
  ]);
  // An unknown slug matches nothing (rather than being ignored and showing everything).
  if (statusId === null || reasonId === null || urgencyId === null || tagId === null) {
    return {
      tickets: [],
      total: 0,
      counts: await countByStatus(ctx, filters, { reasonId: tagId === null ? null : reasonId, urgencyId }),
    };
  }

  const search = await inboxSearch(ctx, filters.search);
  const now = ctx.now();
  const dueView = isDueView(filters.view) ? filters.view : undefined;

  // Status, reason and urgency are read from their copies on posts (migration 070): each filter is an index
  // range of posts, in activity order, that also holds the status id the counts group by.
  const conditions = (eb: Eb, withStatus: boolean): Expression<SqlBool> => {
    const parts: Expression<SqlBool>[] = [eb('posts.type', '=', 'ticket')];
    if (withStatus && statusId !== undefined) parts.push(eb('posts.status_term_id', '=', statusId));
    if (reasonId !== undefined) parts.push(eb('posts.reason_term_id', '=', reasonId));
    if (urgencyId !== undefined) parts.push(eb('posts.urgency_term_id', '=', urgencyId));
    if (tagId !== undefined)
      parts.push(
        eb.exists(
          eb
            .selectFrom('ticket_tags as tt')
            .select('tt.ticket_id')
            .whereRef('tt.ticket_id', '=', 'posts.id')
            .where('tt.term_id', '=', tagId),
        ),
      );
    // A service-level view is the range of ticket_sla the query starts from (duePage, the counts); a search's matches,
    // ranked apart, are probed for it.
    if (filters.view !== undefined && !isDueView(filters.view)) parts.push(viewCondition(eb, filters.view, readerId, doneIds));
    if (dueView !== undefined && search.active)
      parts.push(
        eb.exists(
          eb
            .selectFrom('ticket_sla as sla')
            .select('sla.ticket_id')
            .whereRef('sla.ticket_id', '=', 'posts.id')
            .where((sub) => dueCondition(sub as unknown as SlaEb, dueView, now)),
        ),
      );
    if (filters.product !== undefined) parts.push(eb('posts.product_id', '=', filters.product));
    if (filters.client !== undefined) parts.push(eb('posts.author_id', '=', filters.client));
    if (filters.organisation !== undefined) {
      const orgId = filters.organisation;
      parts.push(
        eb(
          'posts.author_id',
          'in',
          eb.selectFrom('users as org_client').select('org_client.id').where('org_client.organisation_id', '=', orgId),
        ),
      );
    }
    if (filters.assignee === 'none') parts.push(eb('posts.assignee_id', 'is', null));
    else if (filters.assignee !== undefined) parts.push(eb('posts.assignee_id', '=', filters.assignee));
    if (search.active) {
      const any: Expression<SqlBool>[] = [];
      if (search.ranks.size) any.push(eb('posts.id', 'in', [...search.ranks.keys()]));
      // `#12` is the number people read, in every address and mail; never the id, which names another ticket.
      if (search.number !== undefined) any.push(eb('posts.number', '=', search.number));
      // Nothing found matches nothing. (No `1 = 0` beside the id list: an OR with it hides the list from
      // SQLite's planner, which then reads every ticket.)
      parts.push(any.length ? eb.or(any) : sql<SqlBool>`1 = 0`);
    }
    return eb.and(parts);
  };

  // A search's ranking decides its order; otherwise a service-level view, or the due sort, reads in due order.
  const inDueOrder = !search.active && (dueView !== undefined || filters.sort === 'due');

  // The matching tickets in activity order: one page of them, or for a search every match, ranked below.
  const matching = <O>(query: SelectQueryBuilder<Database, 'posts', O>) =>
    query
      .where((eb) => conditions(eb, true))
      .orderBy('posts.updated_at', 'desc')
      .orderBy('posts.id', 'desc')
      .$if(!search.active, (q) => q.limit(filters.perPage).offset((filters.page - 1) * filters.perPage));

  // Every ticket has exactly one status (set at intake; a status in use cannot be deleted or cleared), so the
  // total is one of the counts, or their sum: no extra pass over the matching tickets.
  const counting =
    dueView !== undefined
      ? countByStatus(
          ctx,
          filters,
          { reasonId, urgencyId },
          undefined,
          isOnlyViewFilter(filters)
            ? readTicketTerms(ctx).then((terms) =>
                dueViewStatusCounts(
                  ctx,
                  dueView,
                  now,
                  terms.statuses.map((status) => status.id),
                ),
              )
            : dueStatusCounts(ctx, dueView, now, (eb) => conditions(eb, false)),
        )
      : isOnlyViewFilter(filters) && filters.view !== undefined && !isDueView(filters.view)
        ? countByStatus(ctx, filters, { reasonId, urgencyId }, undefined, keptViewStatusCounts(ctx, filters.view, readerId, doneIds))
        : countByStatus(ctx, filters, { reasonId, urgencyId }, (eb) => conditions(eb, false));
  const [{ rows, tags, snippets }, counts] = await Promise.all([
    search.active
      ? rankedPage(ctx, matching(ctx.db.selectFrom('posts').select('posts.id')), search.ranks, search.terms, filters, readerId)
      : inDueOrder
        ? duePage(ctx, dueView, now, (eb) => conditions(eb, true), filters, readerId)
        : // One round: the page with its people and the reader's marks, and its tags (the same page as their subquery).
          Promise.all([
            withInboxColumns(matching(ctx.db.selectFrom('posts')), readerId).execute(),
            tagsOfTickets(ctx.db, matching(ctx.db.selectFrom('posts').select('posts.id'))),
          ]).then(([rows, tags]) => ({ rows, tags, snippets: undefined })),
    counting,
  ]);
  const total = filters.status !== undefined ? (counts[filters.status] ?? 0) : Object.values(counts).reduce((a, b) => a + b, 0);
  const tickets = await describeTickets(ctx, rows, tags, readerId);
  if (snippets) for (const ticket of tickets) ticket.snippet = snippets.get(ticket.id) ?? null;
  return { tickets, total, counts };
}

/**
 * The tickets `query` finds as lists show them, with their client, assignee and the reader's mark (`seen_version`,
 * null without a reader or a mark): joined by primary key, so they come in the same query as the tickets.
 */
export function withInboxColumns<O>(query: SelectQueryBuilder<Database, 'posts', O>, readerId: number | undefined) {
  return query
    .leftJoin('users as client', 'client.id', 'posts.author_id')
    .leftJoin('users as assignee', 'assignee.id', 'posts.assignee_id')
    .leftJoin('ticket_reads as seen', (join) =>
      join.onRef('seen.ticket_id', '=', 'posts.id').on('seen.user_id', '=', readerId ?? NO_READER),
    )
    .leftJoin('ticket_sla as due', 'due.ticket_id', 'posts.id')
    .select([
      'posts.id',
      'posts.number',
      'posts.title',
      'posts.author_id',
      'posts.assignee_id',
      'posts.product_id',
      'posts.created_at',
      'posts.updated_at',
      'posts.version',
      'posts.status_term_id',
      'posts.reason_term_id',
      'posts.urgency_term_id',
      'client.name as client_name',
      'client.email as client_email',
      'assignee.name as assignee_name',
      'seen.version as seen_version',
      'due.next_due_at as sla_due_at',
    ]);
}

// No user has this id: without a reader, no mark is joined.
const NO_READER = 0;

/**
 * A search's page: its matches' ids in activity order, ranked, one page of them; then those tickets as lists
 * show them, their tags and what the words matched (only the page's, not every match's, are joined to their
 * people and marks).
 */
async function rankedPage(
  ctx: DomainContext,
  matches: SelectQueryBuilder<Database, 'posts', { id: number }>,
  ranks: Map<number, number>,
  terms: SearchTerm[],
  filters: InboxFilters,
  readerId: number | undefined,
): Promise<{ rows: InboxRow[]; tags: Map<number, Tag[]>; snippets: Map<number, SnippetPart[]> }> {
  const ids = pageByRank(await matches.execute(), ranks, filters).map((row) => row.id);
  if (ids.length === 0) return { rows: [], tags: new Map(), snippets: new Map() };
  const [found, tags, snippets] = await Promise.all([
    withInboxColumns(ctx.db.selectFrom('posts').where('posts.id', 'in', ids), readerId).execute(),
    tagsOfTickets(ctx.db, ids),
    searchSnippets(ctx, terms, ids),
  ]);
  const byId = new Map(found.map((row) => [row.id, row]));
  return { rows: ids.flatMap((id) => byId.get(id) ?? []), tags, snippets };
}

/**
 * A page in due order: the tickets with a next due time (in a service-level view, those in its range) from the
 * `ticket_sla_next_due` index, earliest first, each probed for the other filters; then, with the due sort and no
 * view, the tickets without one in activity order. Their rows as lists show them come in a second round.
 */
async function duePage(
  ctx: DomainContext,
  view: DueView | undefined,
  now: Date,
  conditions: (eb: Eb) => Expression<SqlBool>,
  filters: InboxFilters,
  readerId: number | undefined,
): Promise<{ rows: InboxRow[]; tags: Map<number, Tag[]>; snippets: undefined }> {
  const offset = (filters.page - 1) * filters.perPage;
  const withDue = () =>
    ctx.db
      .selectFrom('ticket_sla as sla')
      .innerJoin('posts', 'posts.id', 'sla.ticket_id')
      .where((eb) => dueCondition(eb as unknown as SlaEb, view, now))
      .where((eb) => conditions(eb as unknown as Eb));
  const ids = (
    await withDue()
      .select('sla.ticket_id as id')
      .orderBy('sla.next_due_at')
      .orderBy('sla.ticket_id')
      .limit(filters.perPage)
      .offset(offset)
      .execute()
  ).map((row) => row.id);
  if (view === undefined && ids.length < filters.perPage) {
    // Where the tickets without a due time start: right after this page's last one with one, or (a page past
    // them all) after however many there are.
    const dueCount =
      ids.length > 0 || offset === 0
        ? offset + ids.length
        : Number(
            (
              await withDue()
                .select((eb) => eb.fn.countAll<number | string>().as('n'))
                .executeTakeFirstOrThrow()
            ).n,
          );
    const rest = await ctx.db
      .selectFrom('posts')
      .select('posts.id')
      .where((eb) => conditions(eb))
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('ticket_sla as sla')
              .select('sla.ticket_id')
              .whereRef('sla.ticket_id', '=', 'posts.id')
              .where('sla.next_due_at', 'is not', null),
          ),
        ),
      )
      .orderBy('posts.updated_at', 'desc')
      .orderBy('posts.id', 'desc')
      .limit(filters.perPage - ids.length)
      .offset(Math.max(0, offset + ids.length - dueCount))
      .execute();
    ids.push(...rest.map((row) => row.id));
  }
  if (ids.length === 0) return { rows: [], tags: new Map(), snippets: undefined };
  const [found, tags] = await Promise.all([
    withInboxColumns(ctx.db.selectFrom('posts').where('posts.id', 'in', ids), readerId).execute(),
    tagsOfTickets(ctx.db, ids),
  ]);
  const byId = new Map(found.map((row) => [row.id, row]));
  return { rows: ids.flatMap((id) => byId.get(id) ?? []), tags, snippets: undefined };
}

/** A service-level view's tickets per status under other filters: its index range, each ticket probed for them. */
async function dueStatusCounts(
  ctx: DomainContext,
  view: DueView,
  now: Date,
  conditions: (eb: Eb) => Expression<SqlBool>,
): Promise<Array<{ status_term_id: number | null; n: number }>> {
  const rows = await ctx.db
    .selectFrom('ticket_sla as sla')
    .innerJoin('posts', 'posts.id', 'sla.ticket_id')
    .select(['posts.status_term_id', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where((eb) => dueCondition(eb as unknown as SlaEb, view, now))
    .where((eb) => conditions(eb as unknown as Eb))
    .groupBy('posts.status_term_id')
    .execute();
  return rows.map((row) => ({ status_term_id: row.status_term_id, n: Number(row.n) }));
}

/** The best matches first (an exact `#number` before any words), then the latest activity; one page of them. */
function pageByRank<R extends { id: number }>(rows: R[], ranks: Map<number, number>, filters: InboxFilters): R[] {
  const rankOf = (row: R) => ranks.get(row.id) ?? -1e9;
  // Array.prototype.sort is stable: equal ranks keep the activity order the query gave.
  const start = (filters.page - 1) * filters.perPage;
  return [...rows].sort((a, b) => rankOf(a) - rankOf(b)).slice(start, start + filters.perPage);
}

async function countByStatus(
  ctx: DomainContext,
  filters: InboxFilters,
  ids: { reasonId: number | null | undefined; urgencyId: number | null | undefined },
  conditions?: (eb: Eb) => Expression<SqlBool>,
  kept?: Promise<Array<{ status_term_id: number | null; n: number }>>,
): Promise<Record<string, number>> {
  const isNothing = ids.reasonId === null || ids.urgencyId === null;
  const isUnfiltered = !conditions || isOnlyStatusFilter(filters);
  // A team view alone (with its status tab) is counted by migration 090's kept counts (kept-view-status-counts.ts).
  if (kept) return countsBySlug(ctx, await kept);
  // Without filters the counts are kept (ticket-status-counts.ts); with them, grouped by the status copy on
  // posts, which the team views' indexes hold, so their counts read an index alone. The statuses' slugs come
  // from the cached ticket terms.
  const rows = await (isNothing
    ? Promise.resolve([])
    : isUnfiltered
      ? ticketStatusCounts(ctx).then((kept) => [...kept].map(([term_id, n]) => ({ status_term_id: term_id as number | null, n })))
      : ctx.db
          .selectFrom('posts')
          // `+` keeps SQLite from walking the status index for the grouping (every ticket, then each row read):
          // it then counts inside the filter's own index (a view's, which ends with the status id) and sorts.
          .select([sql<number | null>`+posts.status_term_id`.as('status_term_id'), (eb) => eb.fn.countAll<number | string>().as('n')])
          .where((eb) => (conditions as (eb: Eb) => Expression<SqlBool>)(eb as unknown as Eb))
          .groupBy(sql`+posts.status_term_id`)
          .execute());
  return countsBySlug(ctx, rows);
}

/** Every status's slug with its count (0 when it has no row). */
async function countsBySlug(
  ctx: DomainContext,
  rows: Array<{ status_term_id: number | null; n: number | string }>,
): Promise<Record<string, number>> {
  const terms = await readTicketTermsWith(
    ctx,
    rows.map((row) => ['ticket_status', row.status_term_id]),
  );
  const counts: Record<string, number> = Object.fromEntries(terms.statuses.map((s) => [s.slug, 0]));
  for (const row of rows) {
    const slug = row.status_term_id === null ? undefined : terms.term('ticket_status', row.status_term_id)?.slug;
    if (slug) counts[slug] = Number(row.n);
  }
  return counts;
}

/** A team view, perhaps with a status tab, and nothing else. */
function isOnlyViewFilter(filters: InboxFilters): boolean {
  return filters.view !== undefined && isOnlyStatusFilter({ ...filters, view: undefined });
}

function isOnlyStatusFilter(filters: InboxFilters): boolean {
  return Object.entries(filters).every(
    ([key, value]) =>
      ['status', 'page', 'perPage', 'sort'].includes(key) || value === undefined || (key === 'search' && String(value).trim() === ''),
  );
}

/** A ticket as withInboxColumns reads it. */
export type InboxRow = Awaited<ReturnType<ReturnType<typeof withInboxColumns<object>>['execute']>>[number];

/**
 * A page of ticket rows as lists show them: the status, reason and urgency from their copies on the rows and
 * the cached terms, with their tags; no query unless a term is not in the cache.
 */
export async function describeTickets(
  ctx: DomainContext,
  rows: InboxRow[],
  tags: Map<number, Tag[]>,
  /** Whose marks `rows` carry (withInboxColumns): the tickets changed since are unread. */
  readerId?: number,
): Promise<InboxTicket[]> {
  if (rows.length === 0) return [];
  const terms = await readTicketTermsWith(
    ctx,
    rows.flatMap(
      (r): Array<[TicketTaxonomy, number | null]> => [
        ['ticket_status', r.status_term_id],
        ['ticket_reason', r.reason_term_id],
        ['ticket_urgency', r.urgency_term_id],
      ],
    ),
  );
  const termOf = (taxonomy: TicketTaxonomy, id: number | null) => {
    const term = id === null ? undefined : terms.term(taxonomy, id);
    return term ? { slug: term.slug, name: term.name } : null;
  };
  return rows.map((r) => ({
    id: r.id,
    number: r.number,
    title: r.title,
    status: termOf('ticket_status', r.status_term_id),
    reason: termOf('ticket_reason', r.reason_term_id),
    urgency: termOf('ticket_urgency', r.urgency_term_id),
    productId: r.product_id,
    // A left join's columns are null when there is no such user (or the ticket has none).
    client: r.author_id === null || r.client_email === null ? null : { id: r.author_id, name: r.client_name ?? '', email: r.client_email },
    assignee: r.assignee_id === null || r.assignee_name === null ? null : { id: r.assignee_id, name: r.assignee_name },
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    version: r.version,
    tags: tags.get(r.id) ?? [],
    isUnread: readerId !== undefined && (r.seen_version ?? 0) < r.version,
    slaDueAt: r.sla_due_at ?? null,
  }));
}
