import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { countRefusals } from '../../../intake/guard-intake.js';
import { requireAdmin } from '../../plugins/auth.js';
import type { RouteServices } from '../../services.js';
import { intakeStatsResponse } from './intake.schema.js';

/** GET /intake/stats — what the public intake refused today, and why (admins). */
export const intakeRoutes: FastifyPluginAsyncTypebox<RouteServices> = async (app, { counters }) => {
  app.get(
    '/intake/stats',
    {
      schema: {
        summary: "Today's refused anonymous submissions by reason (UTC day)",
        tags: ['tickets'],
        response: intakeStatsResponse,
      },
    },
    async (request) => {
      requireAdmin(request);
      return { date: new Date().toISOString().slice(0, 10), refused: await countRefusals(counters) };
    },
  );
};
