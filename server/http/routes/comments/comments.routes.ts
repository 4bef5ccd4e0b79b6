import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { addComment } from '../../../domain/add-comment.js';
import { guardClientWrite } from '../../../intake/guard-client-writes.js';
import { commentRoleOf, ticketView } from '../../../policies/ticket-policy.js';
import type { RouteServices } from '../../services.js';
import { IdParams, IfMatchHeaders, problemResponses } from '../shared.schema.js';
import { expectedVersion } from '../tickets/expected-version.js';
import { CommentBody, CommentReply } from './comments.schema.js';

/**
 * POST /tickets/{id}/comments — a reply or an internal note. Staff answer any ticket; a client replies to
 * their own (another's is a 404 like a missing one); who may write what is decided in ticket-policy.ts.
 */
export const commentsRoutes: FastifyPluginAsyncTypebox<RouteServices> = async (app, { ctx, counters }) => {
  app.post(
    '/tickets/:id/comments',
    {
      schema: {
        summary: 'Reply to a ticket, or add an internal note (agents); a client replies to their own ticket',
        tags: ['tickets'],
        params: IdParams,
        headers: IfMatchHeaders,
        body: CommentBody,
        response: { 201: CommentReply, ...problemResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const { actor } = ticketView(request.actor);
      const role = commentRoleOf(actor);
      // Agents and admins are never limited; a client's replies are counted per account and address.
      if (role === 'client') await guardClientWrite(ctx, counters, { kind: 'reply', userId: actor.id, ip: request.ip, via: 'api' });
      const added = await addComment(
        ctx,
        {
          ticketId: request.params.id,
          text: request.body.text,
          role,
          isInternal: request.body.internal === true,
          expectedVersion: expectedVersion(request, request.body.version),
        },
        actor,
      );
      reply.status(201);
      return { id: added.id, moved_to: added.movedTo };
    },
  );
};
