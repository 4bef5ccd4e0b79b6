import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { isStaff } from '../../../domain/context.js';
import { type CreatedTicket, createTicket } from '../../../domain/create-ticket.js';
import { isAccountExistenceHidden, mailAccessInstructions } from '../../../domain/mail-access-instructions.js';
import { AppError, invalidField } from '../../../errors.js';
import { guardClientWrite } from '../../../intake/guard-client-writes.js';
import { guardIntake } from '../../../intake/guard-intake.js';
import { replyCreated } from '../../reply-created.js';
import type { RouteServices } from '../../services.js';
import { type CreateTicketBody, createTicketSchema, RECEIVED } from './tickets.schema.js';

/** POST /tickets/ — spec §4.3. */
export const ticketsRoutes: FastifyPluginAsyncTypebox<RouteServices> = async (app, { ctx, counters }) => {
  app.post('/tickets/', {
    schema: createTicketSchema,
    handler: async (request, reply) => {
      const body = request.body;
      const staff = isStaff(request.actor);
      // Agents and admins file on clients' behalf and are never limited. Everyone else passes the
      // intake guard; a signed-in client is counted per account and address as well.
      if (!staff) await guardIntake(ctx, counters, { ip: request.ip, email: body.email, honeypot: body.website, fillMs: body.fill_ms });
      if (request.actor?.role === 'client') await guardClientWrite(ctx, counters, { kind: 'ticket', userId: request.actor.id, ip: request.ip, via: 'api' });
      // With the privacy option every anonymous success is the same 202, so no answer tells a filed
      // ticket (an account exists) from an access mail (none does).
      const hideAccounts = !staff && (await isAccountExistenceHidden(ctx));
      const ticket = await createTicket(
        ctx,
        {
          name: body.name,
          email: body.email,
          subject: body.subject,
          description: body.description,
          product: body.product,
          reason: body.reason,
          urgency: body.urgency,
          orderId: body.order_id,
          idempotencyKey: body.idempotency_key ?? request.headers['idempotency-key'],
          // Rule 1 of spec §4.3: an anonymous caller can never choose the account or the status.
          userId: staff ? ownerId(body) : undefined,
          status: staff ? body.status : undefined,
        },
        request.actor,
      ).catch(async (error: unknown): Promise<CreatedTicket | null> => {
        if (!(hideAccounts && error instanceof AppError && error.code === 'REGISTRATION_CLOSED')) throw error;
        await mailAccessInstructions(ctx, body.email);
        return null;
      });
      if (hideAccounts || !ticket) return reply.status(202).send(RECEIVED);
      if (ticket.isNew) replyCreated(request, reply, ticket.id);
      return { id: ticket.id, status: ticket.status };
    },
  });
};

function ownerId(body: CreateTicketBody): number | undefined {
  if (body.user_id !== undefined && body.author !== undefined && body.user_id !== body.author) {
    throw invalidField('author', 'names a different user than user_id; send only one of them');
  }
  return body.user_id ?? body.author;
}
