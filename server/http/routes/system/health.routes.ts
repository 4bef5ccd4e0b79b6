import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import { message } from '../../../../common/i18n/translator.js';
import { RETRY_AFTER_SECONDS } from '../../../db/database-faults.js';
import { problemFor } from '../../problem.js';
import type { RouteServices } from '../../services.js';
import { healthResponse } from './health.schema.js';

/** GET /healthz — 200 when the database answers, 503 problem otherwise (for load balancers; not in the API's document). */
export const healthRoutes: FastifyPluginAsync<RouteServices> = async (app, { ctx }) => {
  app.get('/healthz', { schema: { hide: true, response: healthResponse } }, async (request, reply) => {
    try {
      await sql`select 1`.execute(ctx.db);
      return { status: 'ok' };
    } catch (error) {
      request.log.warn({ err: error }, 'health check: database unreachable');
      reply.status(503).type('application/problem+json').header('retry-after', String(RETRY_AFTER_SECONDS.unavailable));
      return problemFor('SERVICE_UNAVAILABLE', message('problems.detail.database_down'));
    }
  });
};
