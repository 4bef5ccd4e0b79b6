import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { suggestReply } from '../../../ai/suggest-reply.js';
import { addComment } from '../../../domain/add-comment.js';
import { findClientThread, listClientTickets } from '../../../domain/client-tickets.js';
import { isStaff } from '../../../domain/context.js';
import { findTicket } from '../../../domain/find-ticket.js';
import { getAgentTicket } from '../../../domain/get-agent-ticket.js';
import { listInbox } from '../../../domain/list-inbox.js';
import { updateTicket } from '../../../domain/update-ticket.js';
import { AppError } from '../../../errors.js';
import { guardClientWrite } from '../../../intake/guard-client-writes.js';
import { requireStaff } from '../../plugins/auth.js';
import type { RouteServices } from '../../services.js';
import { IdParams, problemResponses } from '../shared.schema.js';
import { presentAgentTicket, presentClientListTicket, presentClientTicket, presentInboxTicket } from './agent-presenters.js';
import { CommentBody, CommentReply, InboxQuery, InboxReply, SuggestReplyReply, TicketPatch, TicketReply } from './agent-tickets.schema.js';
import { addContentListRoute } from './content-list.routes.js';

const tags = ['tickets'];

/**
 * The agents' side of tickets: the inbox, one ticket with its thread, replies and notes, and changes.
 * A client signed in to the help site may read and answer only their own tickets, never notes; any
 * other ticket is a 404 exactly like a missing one.
 */
export const agentTicketsRoutes: FastifyPluginAsyncTypebox<RouteServices> = async (app, { ctx, config, counters }) => {
  addContentListRoute(app, ctx);
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
      if (request.actor?.role === 'client') {
        // A client's own list, paged by the database; no filters apply.
        const own = await listClientTickets(ctx, request.actor.id, { page, perPage });
        return { tickets: own.tickets.map(presentClientListTicket), total: own.total, page, per_page: perPage, counts: {} };
      }
      const actor = requireStaff(request);
      const result = await listInbox(ctx, {
        status: query.status,
        product: query.product,
        reason: query.reason,
        urgency: query.urgency,
        assignee: query.assignee === 'me' ? actor.id : query.assignee,
        client: query.client,
        search: query.search,
        page,
        perPage,
      });
      return { tickets: result.tickets.map(presentInboxTicket), total: result.total, page, per_page: perPage, counts: result.counts };
    },
  );

  app.get(
    '/tickets/:id',
    {
      schema: {
        summary: 'One ticket with its thread (notes for agents only) and the client’s other tickets',
        tags,
        params: IdParams,
        response: { 200: TicketReply, ...problemResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const actor = request.actor;
      if (actor?.role === 'client') {
        const thread = await findClientThread(ctx, actor.id, request.params.id);
        const ticket = thread && (await findTicket(ctx, thread.id));
        const user = request.siteUser;
        if (!thread || !ticket) throw new AppError('NOT_FOUND', 'There is no such ticket.');
        return presentClientTicket(thread, ticket.ticketStatus, { id: actor.id, name: user?.name ?? '', email: user?.email ?? '' });
      }
      requireStaff(request);
      return presentAgentTicket(await getAgentTicket(ctx, request.params.id));
    },
  );

  app.post(
    '/tickets/:id/comments',
    {
      schema: {
        summary: 'Reply to a ticket, or add an internal note (agents); a client replies to their own ticket',
        tags,
        params: IdParams,
        body: CommentBody,
        response: { 201: CommentReply, ...problemResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const actor = request.actor;
      if (!actor) throw new AppError('UNAUTHENTICATED', 'Sign in first.');
      const role = isStaff(actor) ? 'agent' : 'client';
      // Agents and admins are never limited; a client's replies are counted per account and address.
      if (role === 'client') await guardClientWrite(ctx, counters, { kind: 'reply', userId: actor.id, ip: request.ip, via: 'api' });
      const added = await addComment(
        ctx,
        { ticketId: request.params.id, text: request.body.text, role, isInternal: request.body.internal === true },
        actor,
      );
      reply.status(201);
      return { id: added.id, moved_to: added.movedTo };
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
      // A client learns nothing about a ticket they cannot read.
      if (request.actor?.role === 'client') throw new AppError('NOT_FOUND', 'There is no such ticket.');
      requireStaff(request);
      const suggestion = await suggestReply(ctx, config, request.params.id);
      return {
        draft: suggestion.draft,
        docs: suggestion.docs,
        answered: suggestion.answered,
        ...(suggestion.failure ? { failure: suggestion.failure } : {}),
      };
    },
  );

  app.patch(
    '/tickets/:id',
    {
      schema: {
        summary: 'Change status (by hand), assignee, product, reason or urgency',
        tags,
        params: IdParams,
        body: TicketPatch,
        response: { 200: TicketReply, ...problemResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const actor = request.actor;
      // A client learns nothing about a ticket they cannot read.
      if (actor?.role === 'client') throw new AppError('NOT_FOUND', 'There is no such ticket.');
      requireStaff(request);
      await updateTicket(ctx, request.params.id, request.body, actor);
      return presentAgentTicket(await getAgentTicket(ctx, request.params.id));
    },
  );

  app.get(
    '/statuses/',
    {
      schema: {
        summary: 'Ticket statuses in their order (the first is the initial one)',
        tags: ['statuses'],
        response: {
          200: Type.Array(
            Type.Object({
              id: Type.Integer(),
              name: Type.String(),
              slug: Type.String(),
              order: Type.Integer(),
              client_label: Type.Union([Type.String(), Type.Null()], { description: 'What the client reads; null shows the name' }),
            }),
          ),
          ...problemResponses(401, 403),
        },
      },
    },
    async (request) => {
      requireStaff(request);
      const rows = await ctx.db
        .selectFrom('terms')
        .select(['id', 'name', 'slug', 'term_order', 'client_label'])
        .where('taxonomy', '=', 'ticket_status')
        .orderBy('term_order')
        .orderBy('id')
        .execute();
      return rows.map((r) => ({ id: r.id, name: r.name, slug: r.slug, order: r.term_order, client_label: r.client_label }));
    },
  );
};
