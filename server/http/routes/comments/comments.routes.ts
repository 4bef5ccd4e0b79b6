import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { addComment } from '../../../domain/comments/add-comment.js';
import type { DomainContext } from '../../../domain/context.js';
import { findTicket } from '../../../domain/tickets/find-ticket.js';
import { claimUploads } from '../../../files/claim-uploads.js';
import { guardClientWrite } from '../../../intake/guard-client-writes.js';
import { commentRoleOf, hiddenTicket, mayReadTicket, ticketView } from '../../../policies/ticket-policy.js';
import { readMultipartBody } from '../../multipart-uploads.js';
import type { RouteServices } from '../../services.js';
import { IdParams, IfMatchHeaders, problemResponses } from '../shared.schema.js';
import { expectedVersion, withIfMatch } from '../tickets/expected-version.js';
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
        consumes: ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'],
        response: { 201: CommentReply, ...problemResponses(400, 401, 403, 404, 409, 412, 413, 415, 429) },
      },
      // multipart/form-data: files as `attachments` parts, read only once the caller may answer this ticket.
      preValidation: [mayAnswerTicket(ctx), readMultipartBody(ctx, counters, { target: ticketIdOf })],
    },
    async (request, reply) => {
      const { actor } = ticketView(request.actor);
      const role = commentRoleOf(actor);
      // Agents and admins are never limited; a client's replies are counted per account and address.
      if (role === 'client') await guardClientWrite(ctx, counters, { kind: 'reply', userId: actor.id, ip: request.ip, via: 'api' });
      const uploads = request.uploads ?? [];
      const added = await withIfMatch(request, () =>
        addComment(
          ctx,
          {
            ticketId: request.params.id,
            text: request.body.text,
            role,
            isInternal: request.body.internal === true,
            status: request.body.status,
            expectedVersion: expectedVersion(request, request.body.version),
            // The files become the comment's in its own transaction: no reply without its files.
            alsoWrite: uploads.length
              ? (trx, commentId) => claimUploads(trx, uploads, { ticketId: request.params.id, commentId })
              : undefined,
          },
          actor,
        ),
      );
      request.uploads = null;
      reply.status(201);
      return { id: added.id, moved_to: added.movedTo };
    },
  );
};

// Before validation the path's id is still text.
function ticketIdOf(request: FastifyRequest): number | undefined {
  const id = Number((request.params as { id?: string }).id);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/** Signed in and able to read the ticket (else 401, or the 404 of a missing ticket) before any file is read. */
function mayAnswerTicket(ctx: DomainContext) {
  return async (request: FastifyRequest): Promise<void> => {
    if (!request.isMultipart()) return;
    const { actor } = ticketView(request.actor);
    const id = ticketIdOf(request);
    const ticket = id === undefined ? undefined : await findTicket(ctx, id);
    if (!ticket || !mayReadTicket(actor, ticket.authorId)) throw hiddenTicket();
  };
}
