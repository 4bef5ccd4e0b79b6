import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { getSatisfaction, SATISFACTION_DAYS } from '../../../domain/ratings/get-satisfaction.js';
import { requireStaff } from '../../plugins/auth.js';
import type { RouteServices } from '../../services.js';
import { problemResponses } from '../shared.schema.js';

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
        querystring: Type.Object(
          { days: Type.Optional(Type.Integer({ minimum: 1, maximum: 365, default: SATISFACTION_DAYS })) },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({
            days: Type.Integer(),
            yes: Type.Integer(),
            no: Type.Integer(),
            reopened: Type.Integer({
              description: '"Yes" answers for a resolution that was reopened since: among the answers, not counted as satisfied',
            }),
            percent_yes: Type.Union([Type.Integer(), Type.Null()], { description: 'Null while there is no answer in the period' }),
          }),
          ...problemResponses(400, 401, 403),
        },
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
