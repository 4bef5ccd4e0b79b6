import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { getSatisfaction, SATISFACTION_DAYS } from '../../../domain/ratings/get-satisfaction.js';
import { requireStaff } from '../../plugins/auth.js';
import type { RouteServices } from '../../services.js';
import { SatisfactionQuery, satisfactionResponse } from './ratings.schema.js';

/** The satisfaction figure: how clients answered "Did this solve it?" lately (agents and admins). */
export const ratingsRoutes: FastifyPluginAsyncTypebox<RouteServices> = async (app, { ctx }) => {
  app.get(
    '/ratings/summary',
    {
      schema: {
        summary:
          'Satisfaction: answers to "Did this solve it?" over the last days, ' +
          'and the share of "yes" for resolutions that held (agents and admins)',
        tags: ['tickets'],
        querystring: SatisfactionQuery,
        response: satisfactionResponse,
      },
    },
    async (request, reply) => {
      requireStaff(request);
      const figure = await getSatisfaction(ctx.db, request.query.days ?? SATISFACTION_DAYS);
      reply.header('cache-control', 'no-store');
      return { days: figure.days, yes: figure.yes, no: figure.no, reopened: figure.reopened, percent_yes: figure.percentYes };
    },
  );
};
