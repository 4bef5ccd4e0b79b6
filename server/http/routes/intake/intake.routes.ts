import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { countRefusals, REFUSAL_REASONS } from '../../../intake/guard-intake.js';
import { requireAdmin } from '../../plugins/auth.js';
import type { RouteServices } from '../../services.js';
import { problemResponses } from '../shared.schema.js';

/** GET /intake/stats — what the public intake refused today, and why (admins). */
export const intakeRoutes: FastifyPluginAsyncTypebox<RouteServices> = async (app, { counters }) => {
  app.get(
    '/intake/stats',
    {
      schema: {
        summary: "Today's refused anonymous submissions by reason (UTC day)",
        tags: ['tickets'],
        response: {
          200: Type.Object({
            date: Type.String(),
            refused: Type.Object(Object.fromEntries(REFUSAL_REASONS.map((r) => [r, Type.Integer()]))),
          }),
          ...problemResponses(401, 403),
        },
      },
    },
    async (request) => {
      requireAdmin(request);
      return { date: new Date().toISOString().slice(0, 10), refused: await countRefusals(counters) };
    },
  );
};
