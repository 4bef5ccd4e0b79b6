import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { message } from '../../../../common/i18n/translator.js';
import { AppError } from '../../../errors.js';
import { hiddenTicket, mayFollowAllTickets } from '../../../policies/ticket-policy.js';
import { BEARER_HEADER } from '../../plugins/auth.js';
import type { RouteServices } from '../../services.js';
import { IdParams, problemResponses } from '../shared.schema.js';
import { PresenceBody } from './live.schema.js';

// The admin app renews every 10 s and says when the agent starts or stops replying: a few a minute per tab.
const PRESENCE_PER_MINUTE = 60;

/**
 * POST /tickets/{id}/presence — an agent says they are viewing or replying on a ticket, or left it. Kept
 * in memory with an expiry on every instance (the bus carries it) and shown to the others' streams.
 */
export const presenceRoutes: FastifyPluginAsyncTypebox<RouteServices> = async (app, { ctx, counters }) => {
  app.post(
    '/tickets/:id/presence',
    {
      schema: {
        summary: 'Say you are viewing or replying on a ticket, or left it (agents and admins)',
        tags: ['tickets'],
        params: IdParams,
        body: PresenceBody,
        response: {
          204: { description: 'Told to everyone following live updates', type: 'null' },
          ...problemResponses(400, 401, 403, 404, 429),
        },
      },
    },
    async (request, reply) => {
      const { actor } = request;
      if (!actor) throw new AppError('UNAUTHENTICATED', message('problems.live.sign_in', { header: BEARER_HEADER }));
      if (!mayFollowAllTickets(actor)) throw new AppError('FORBIDDEN', message('problems.live.presence_staff_only'));
      const hit = await counters.hit(`presence:user:${actor.id}`, 60_000);
      if (hit.count > PRESENCE_PER_MINUTE)
        throw new AppError('RATE_LIMITED', message('problems.live.presence_too_often')).withHeaders({
          'Retry-After': String(Math.ceil(hit.resetInMs / 1000)),
        });
      const ticket = await ctx.db
        .selectFrom('posts')
        .select('id')
        .where('id', '=', request.params.id)
        .where('type', '=', 'ticket')
        .executeTakeFirst();
      if (!ticket) throw hiddenTicket();
      const user = await ctx.db.selectFrom('users').select(['id', 'name']).where('id', '=', actor.id).executeTakeFirstOrThrow();
      ctx.live.publish({ kind: 'presence', ticketId: ticket.id, user: { id: user.id, name: user.name }, state: request.body.state });
      return reply.status(204).send();
    },
  );
};
