import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { isStaff } from '../../../domain/context.js';
import { fileTicket } from '../../../domain/file-ticket.js';
import { invalidField } from '../../../errors.js';
import { checkTicketForm } from '../../../ticket-form/check-ticket-form.js';
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
      // The owner's form (required fields, custom fields) holds here as in the widget and on the help site.
      const meta = await checkTicketForm(ctx, body as Record<string, unknown>);
      const result = await fileTicket(ctx, counters, {
        channel: { via: 'api', actor: request.actor, honeypot: body.website, fillMs: body.fill_ms },
        ip: request.ip,
        ticket: {
          name: body.name,
          email: body.email,
          subject: body.subject,
          description: body.description,
          product: body.product,
          reason: body.reason,
          urgency: body.urgency,
          orderId: body.order_id,
          meta,
          idempotencyKey: body.idempotency_key ?? request.headers['idempotency-key'],
          userId: staff ? ownerId(body) : undefined,
          status: staff ? body.status : undefined,
        },
      });
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
};

function ownerId(body: CreateTicketBody): number | undefined {
  if (body.user_id !== undefined && body.author !== undefined && body.user_id !== body.author) {
    throw invalidField('author', 'names a different user than user_id; send only one of them');
  }
  return body.user_id ?? body.author;
}
