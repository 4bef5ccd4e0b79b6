import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { DomainContext } from '../../../domain/context.js';
import { addParticipant, removeParticipant } from '../../../domain/participants/change-participants.js';
import { listParticipants } from '../../../domain/participants/participants.js';
import { findTicket } from '../../../domain/tickets/find-ticket.js';
import { hiddenTicket } from '../../../policies/ticket-policy.js';
import { requireStaff } from '../../plugins/auth.js';
import type { RouteServices } from '../../services.js';
import { IdParams } from '../shared.schema.js';
import {
  AddParticipantBody,
  addParticipantResponse,
  listParticipantsResponse,
  RemoveParticipantQuery,
  removeParticipantResponse,
} from './participants.schema.js';

const tags = ['tickets'];

/** A ticket's copied-in clients and followers, as staff see them (never shown to clients). */
async function present(ctx: DomainContext, ticketId: number) {
  return (await listParticipants(ctx.db, ticketId)).map((p) => ({
    kind: p.kind,
    user_id: p.userId,
    name: p.name,
    email: p.email,
    added_by: p.addedBy,
    created_at: p.createdAt,
  }));
}

/** GET/POST/DELETE /tickets/{id}/participants — clients copied in and staff followers (server/domain/participants/). */
export const participantsRoutes: FastifyPluginAsyncTypebox<RouteServices> = async (app, { ctx }) => {
  app.get(
    '/tickets/:id/participants',
    {
      schema: {
        summary: 'The clients copied in on a ticket and the staff following it (agents and admins)',
        tags,
        params: IdParams,
        response: listParticipantsResponse,
      },
    },
    async (request, reply) => {
      requireStaff(request);
      if (!(await findTicket(ctx, request.params.id))) throw hiddenTicket();
      reply.header('cache-control', 'no-store');
      return present(ctx, request.params.id);
    },
  );

  app.post(
    '/tickets/:id/participants',
    {
      schema: {
        summary: 'Copy a client in on a ticket (by email, at most 48) or add a staff follower (agents and admins)',
        tags,
        params: IdParams,
        body: AddParticipantBody,
        response: addParticipantResponse,
      },
    },
    async (request) => {
      const actor = requireStaff(request);
      const body = request.body;
      await addParticipant(
        ctx,
        actor,
        request.params.id,
        body.kind === 'cc' ? { kind: 'cc', email: body.email, name: body.name } : { kind: 'follower', userId: body.user_id },
      );
      return present(ctx, request.params.id);
    },
  );

  app.delete(
    '/tickets/:id/participants',
    {
      schema: {
        summary: 'Take a client off a ticket’s copies, or a follower off it (agents and admins)',
        tags,
        params: IdParams,
        querystring: RemoveParticipantQuery,
        response: removeParticipantResponse,
      },
    },
    async (request) => {
      const actor = requireStaff(request);
      await removeParticipant(ctx, actor, request.params.id, { kind: request.query.kind, userId: request.query.user_id });
      return present(ctx, request.params.id);
    },
  );
};
