import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { languageFromAcceptLanguage, languageOf } from '../../../../common/i18n/languages.js';
import { message } from '../../../../common/i18n/translator.js';
import { suggestReply } from '../../../ai/suggest-reply.js';
import { recordWidgetEvent } from '../../../domain/deflection/record-widget-event.js';
import { countDueViews, type DueViewCounts } from '../../../domain/inbox/due-views.js';
import { getAgentTicket } from '../../../domain/inbox/get-agent-ticket.js';
import { countViews, type ViewCounts } from '../../../domain/inbox/inbox-views.js';
import { listInbox } from '../../../domain/inbox/list-inbox.js';
import { readTicketSla } from '../../../domain/sla/read-ticket-sla.js';
import { bulkUpdateTickets } from '../../../domain/tickets/bulk-update-tickets.js';
import { findClientThread, listClientTickets } from '../../../domain/tickets/client-tickets.js';
import { deleteTicket } from '../../../domain/tickets/delete-ticket.js';
import { fileTicket } from '../../../domain/tickets/file-ticket.js';
import { findTicketByNumber } from '../../../domain/tickets/find-ticket-by-number.js';
import { markTicketOpened } from '../../../domain/tickets/mark-ticket-opened.js';
import { mergeTickets } from '../../../domain/tickets/merge-tickets.js';
import { splitTicket } from '../../../domain/tickets/split-ticket.js';
import { readTicketLinks } from '../../../domain/tickets/ticket-links.js';
import { updateTicket } from '../../../domain/tickets/update-ticket.js';
import { invalidField } from '../../../errors.js';
import { claimUploads } from '../../../files/claim-uploads.js';
import { fileUrl } from '../../../files/file-url.js';
import { listAttachments } from '../../../files/list-attachments.js';
import { checkVisitorIdentity } from '../../../identity/check-visitor-identity.js';
import { hiddenTicket, mayChangeTicket, mayFileForOthers, ticketView } from '../../../policies/ticket-policy.js';
import { checkTicketForm } from '../../../ticket-form/check-ticket-form.js';
import { matchesIfNoneMatch } from '../../entity-tags.js';
import { readMultipartBody } from '../../multipart-uploads.js';
import { requireAdmin, requireStaff } from '../../plugins/auth.js';
import { replyCreated } from '../../reply-created.js';
import type { RouteServices } from '../../services.js';
import { IdParams, IfMatchHeaders, IfNoneMatchHeaders, problemResponses } from '../shared.schema.js';
import { expectedVersion, ticketETag, withIfMatch } from './expected-version.js';
import { paceAnonymousFilings } from './pace-anonymous-filings.js';
import { readBulkChanges } from './read-bulk-changes.js';
import { screenBeforeFiles } from './screen-before-files.js';
import {
  presentAgentTicket,
  presentClientListTicket,
  presentClientTicket,
  presentInboxTicket,
  type TicketFiles,
} from './ticket-presenters.js';
import {
  BulkBody,
  BulkReply,
  type CreateTicketBody,
  createTicketSchema,
  InboxQuery,
  InboxReply,
  MergeBody,
  MergeReply,
  RECEIVED,
  SplitBody,
  SplitReply,
  SuggestReplyReply,
  TicketNumberParams,
  TicketPatch,
  TicketReply,
  ViewCountsReply,
} from './tickets.schema.js';

const tags = ['tickets'];

/**
 * Every /tickets/ route: filing (spec §4.3; anyone, the widget included), the inbox and one ticket with its
 * thread (staff see all, a client only their own, through ticket-policy.ts), changes and the agent assist.
 */
export const ticketsRoutes: FastifyPluginAsyncTypebox<RouteServices> = async (app, { ctx, config, counters }) => {
  const ticketFiles = async (ticketId: number): Promise<TicketFiles> => ({
    byComment: await listAttachments(ctx, ticketId),
    url: (publicId) => fileUrl(config, publicId),
  });
  const pace = paceAnonymousFilings(ctx.storage, ctx.performanceOff.has('turn-pacer'));
  app.post('/tickets/', {
    schema: createTicketSchema,
    ...(pace ? { onRequest: pace } : {}),
    // multipart/form-data: the fields as the body, the `attachments` parts stored pending (see multipart-uploads.ts).
    preValidation: readMultipartBody(ctx, counters, { beforeFiles: screenBeforeFiles(ctx, counters) }),
    handler: async (request, reply) => {
      const body = request.body;
      // Staff may file for someone else and choose the status; for anyone else those fields are ignored.
      const staff = mayFileForOthers(request.actor);
      const uploads = request.uploads ?? [];
      // Filings take their turn at the hot writers' gate (PostgreSQL): a flood of them never holds every
      // pooled connection, so the agents' reads alongside find one.
      const result = await ctx.hotWrites.run(async () => {
        // The owner's form (required fields, custom fields) holds here as in the widget and on the help site.
        // The filer's language: the widget's `language`, else the browser's (a new account keeps it too).
        const language = languageOf(body.language) ?? languageFromAcceptLanguage(request.headers['accept-language']);
        // An anonymous caller the site vouches for (issue 38): refused before anything is stored when the token is bad.
        const identity = request.actor ? undefined : await checkVisitorIdentity(ctx, body.identity_token, { counters, ip: request.ip });
        const meta = await checkTicketForm(ctx, body as Record<string, unknown>);
        if (identity?.externalId) meta.external_id = identity.externalId;
        return fileTicket(ctx, counters, {
          channel: { via: 'api', actor: request.actor, honeypot: body.website, fillMs: body.fill_ms, verified: identity !== undefined },
          ip: request.ip,
          ticket: {
            name: identity?.name ?? body.name,
            email: identity?.email ?? body.email,
            subject: body.subject,
            description: body.description,
            product: body.product,
            reason: body.reason,
            urgency: body.urgency,
            orderId: body.order_id,
            meta,
            language,
            idempotencyKey: body.idempotency_key ?? request.headers['idempotency-key'],
            userId: staff ? ownerId(body) : undefined,
            status: staff ? body.status : undefined,
            // The files become the ticket's in its own transaction: no ticket without its files.
            alsoWrite: uploads.length ? (trx, ticketId) => claimUploads(trx, uploads, { ticketId, commentId: null }) : undefined,
          },
        });
      });
      // Claimed with a new ticket; otherwise (a replay, the privacy answer without a ticket) they are deleted.
      if (result.kind === 'created') request.uploads = null;
      // The widget session that filed it: its `submitted` event ties the docs it was shown to the ticket (deflection).
      if (body.widget_session && (result.kind === 'created' || result.kind === 'duplicate'))
        await recordWidgetEvent(ctx, { session: body.widget_session, event: 'submitted', ticketId: result.ticket.id });
      switch (result.kind) {
        case 'created':
          replyCreated(request, reply, result.ticket.id);
          return { id: result.ticket.id, number: result.ticket.number, status: result.ticket.status };
        case 'duplicate':
          return { id: result.ticket.id, number: result.ticket.number, status: result.ticket.status };
        case 'received':
          return reply.status(202).send(RECEIVED);
        case 'refused':
        case 'limited':
          // The problem carries its status (403, 429, 503, 400 for automation) and headers.
          throw result.problem;
      }
    },
  });

  app.get(
    '/tickets/',
    {
      schema: {
        summary: 'The inbox: tickets by last activity, filtered and paged, with counts per status',
        tags,
        querystring: InboxQuery,
        response: { 200: InboxReply, ...problemResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const query = request.query;
      const { page, per_page: perPage } = query;
      const view = ticketView(request.actor);
      if (view.kind === 'own') {
        // A client's own list, paged by the database; of the filters only the search applies.
        const own = await listClientTickets(ctx, view.actor.id, { page, perPage, search: query.search });
        return { tickets: own.tickets.map(presentClientListTicket), total: own.total, page, per_page: perPage, counts: {} };
      }
      const result = await listInbox(
        ctx,
        {
          status: query.status,
          product: query.product,
          reason: query.reason,
          urgency: query.urgency,
          assignee: query.assignee === 'me' ? view.actor.id : query.assignee,
          client: query.client,
          organisation: query.organisation,
          tag: query.tag,
          view: query.view,
          sort: query.sort,
          search: query.search,
          page,
          perPage,
        },
        view.actor.id,
      );
      return {
        tickets: result.tickets.map(presentInboxTicket),
        total: result.total,
        page,
        per_page: perPage,
        counts: result.counts,
      };
    },
  );

  app.get(
    '/tickets/views',
    {
      schema: {
        summary:
          'The team views (Mine, Unassigned, Needs reply) and the service-level ones (Overdue, Due within 1 hour) with how many ' +
          'tickets each has, and your unread ones',
        tags,
        response: { 200: ViewCountsReply, ...problemResponses(401, 403) },
      },
    },
    async (request) => {
      const readerId = requireStaff(request).id;
      const [views, due] = await Promise.all([countViews(ctx, readerId), countDueViews(ctx, ctx.now())]);
      return presentViewCounts(views, due);
    },
  );

  // One ticket for whoever may read it: an agent's whole ticket (ETag, read mark) or a client's own thread.
  const answerTicket = async (request: FastifyRequest, reply: FastifyReply, id: number) => {
    const view = ticketView(request.actor);
    if (view.kind === 'all') {
      // The ticket and its files are read together, as are the marks of its reading: fewer rounds of
      // queries, one after another, for the agent to wait for (see getAgentTicket).
      const [ticket, files] = await Promise.all([getAgentTicket(ctx, id), ticketFiles(id)]);
      // The service level is read beside the read marks: the round above already holds every connection of the
      // signed-in lane (agent-read-round-trips.test.ts).
      const [, sla, links] = await Promise.all([
        markTicketOpened(ctx, view.actor.id, ticket),
        readTicketSla(ctx.db, id, ctx.now()),
        readTicketLinks(ctx.db, id),
      ]);
      const etag = ticketETag(ticket.version);
      reply.header('etag', etag);
      // RFC 9110 §13.1.2: weak comparison; the agent's copy is current, so the thread is not sent again. A target
      // that ran past its due time reads breached with no new version (the ETag is the version If-Match checks), so
      // while one is, the ticket is always sent whole.
      const overdue = sla.targets.some((target) => target.status === 'breached' && target.met_at === null);
      if (!overdue && matchesIfNoneMatch(request.headers['if-none-match'], etag)) return reply.code(304).send();
      return presentAgentTicket(ticket, files, sla, links);
    }
    const thread = await findClientThread(ctx, view.actor.id, id);
    if (!thread) throw hiddenTicket();
    const user = request.siteUser;
    const client = { id: view.actor.id, name: user?.name ?? '', email: user?.email ?? '' };
    // A merged ticket names the ticket its conversation went on in only when the client may read that one.
    const { mergedInto } = await readTicketLinks(ctx.db, thread.id);
    const survivor = mergedInto && (await findClientThread(ctx, view.actor.id, mergedInto.id));
    return presentClientTicket(thread, client, await ticketFiles(thread.id), survivor ? mergedInto : null);
  };
  const ticketResponses = {
    200: TicketReply,
    304: { description: 'Staff only: If-None-Match named the ticket’s ETag, so it has not changed (no body)', type: 'null' },
    ...problemResponses(401, 403, 404),
  };

  app.get(
    '/tickets/:id',
    {
      schema: {
        summary: 'One ticket with its thread (notes for agents only) and the client’s other tickets',
        tags,
        params: IdParams,
        headers: IfNoneMatchHeaders,
        response: ticketResponses,
      },
    },
    (request, reply) => answerTicket(request, reply, request.params.id),
  );

  // People name a ticket by its number (#12: the admin app's and help site's addresses, mails); routes
  // keep the id. This finds the ticket by that number and answers exactly as `GET /tickets/{id}`, so
  // the admin app opens `/admin/tickets/12` in one request. A number not yours is the same 404 as none.
  app.get(
    '/tickets/by-number/:number',
    {
      schema: {
        summary: 'One ticket by the number people read (#12), answered as GET /tickets/{id}',
        tags,
        params: TicketNumberParams,
        headers: IfNoneMatchHeaders,
        response: ticketResponses,
      },
    },
    async (request, reply) => {
      const ticket = await findTicketByNumber(ctx.db, request.params.number);
      if (!ticket) throw hiddenTicket();
      return answerTicket(request, reply, ticket.id);
    },
  );

  app.patch(
    '/tickets/:id',
    {
      schema: {
        summary: 'Change status (by hand), assignee, product, reason, urgency or tags',
        tags,
        params: IdParams,
        headers: IfMatchHeaders,
        body: TicketPatch,
        response: { 200: TicketReply, ...problemResponses(400, 401, 403, 404, 409, 412) },
      },
    },
    async (request, reply) => {
      const actor = request.actor;
      // A client learns nothing about a ticket they cannot change.
      if (ticketView(actor).kind !== 'all' || !mayChangeTicket(actor)) throw hiddenTicket();
      const { version, ...changes } = request.body;
      if (Object.keys(changes).length === 0) throw invalidField('version', message('problems.tickets.version_alone'));
      await withIfMatch(request, () => updateTicket(ctx, request.params.id, changes, actor, expectedVersion(request, version)));
      const [ticket, sla] = await Promise.all([
        getAgentTicket(ctx, request.params.id),
        readTicketSla(ctx.db, request.params.id, ctx.now()),
      ]);
      reply.header('etag', ticketETag(ticket.version));
      return presentAgentTicket(ticket, await ticketFiles(ticket.id), sla);
    },
  );

  app.post(
    '/tickets/bulk',
    {
      schema: {
        summary: 'Changes (status, assignee — "me" too —, product, reason, urgency, tags) to many tickets at once, all or nothing',
        tags,
        body: BulkBody,
        response: { 200: BulkReply, ...problemResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const actor = requireStaff(request);
      return bulkUpdateTickets(ctx, request.body.ids, readBulkChanges(request.body, actor.id), actor);
    },
  );

  app.post(
    '/tickets/:id/merge',
    {
      schema: {
        summary:
          'Merge tickets into this one: their messages, notes and files move here in time order, tags join, and each is closed ' +
          'pointing here',
        tags,
        params: IdParams,
        body: MergeBody,
        response: { 200: MergeReply, ...problemResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const actor = requireStaff(request);
      const { source_ids: sourceIds, confirm_different_clients: confirm } = request.body;
      const merged = await mergeTickets(ctx, { targetId: request.params.id, sourceIds, confirmDifferentClients: confirm === true }, actor);
      return { ticket: merged.target, merged: merged.merged, moved_messages: merged.movedMessages, moved_files: merged.movedFiles };
    },
  );

  app.post(
    '/tickets/:id/split',
    {
      schema: {
        summary: 'Move some replies and notes of this ticket, with their files, to a new ticket; both link to each other',
        tags,
        params: IdParams,
        body: SplitBody,
        response: { 201: SplitReply, ...problemResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const actor = requireStaff(request);
      const { comment_ids: commentIds, client_id: clientId, client_email: clientEmail, subject } = request.body;
      if (clientId !== undefined && clientEmail !== undefined) throw invalidField('client_email', message('problems.split.client_twice'));
      const split = await splitTicket(ctx, { ticketId: request.params.id, commentIds, clientId, clientEmail, subject }, actor);
      reply.status(201);
      return { ticket: split.ticket, original: split.original, moved_files: split.movedFiles };
    },
  );

  app.delete(
    '/tickets/:id',
    {
      schema: {
        summary: 'Delete a ticket with its thread and its files, for good (admins only)',
        tags,
        params: IdParams,
        response: { 204: Type.Null(), ...problemResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      requireAdmin(request);
      await deleteTicket(ctx, request.params.id);
      reply.status(204);
    },
  );

  app.post(
    '/tickets/:id/suggest-reply',
    {
      schema: {
        summary: 'Agent assist: a draft reply from the AI backend and the most relevant docs; nothing is sent',
        tags,
        params: IdParams,
        response: { 200: SuggestReplyReply, ...problemResponses(401, 403, 404) },
      },
    },
    async (request) => {
      if (ticketView(request.actor).kind !== 'all') throw hiddenTicket();
      const suggestion = await suggestReply(ctx, config, request.params.id);
      return {
        draft: suggestion.draft,
        docs: suggestion.docs,
        answered: suggestion.answered,
        ...(suggestion.failure ? { failure: suggestion.failure } : {}),
      };
    },
  );
};

function ownerId(body: CreateTicketBody): number | undefined {
  if (body.user_id !== undefined && body.author !== undefined && body.user_id !== body.author) {
    throw invalidField('author', message('problems.tickets.author_twice'));
  }
  return body.user_id ?? body.author;
}

function presentViewCounts(views: ViewCounts, due: DueViewCounts) {
  return {
    mine: views.mine,
    unassigned: views.unassigned,
    needs_reply: views.needsReply,
    unread: views.unread,
    overdue: due.overdue,
    due_soon: due.dueSoon,
  };
}
