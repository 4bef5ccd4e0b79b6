import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import { message } from '../../../../common/i18n/translator.js';
import { RETRY_AFTER_SECONDS } from '../../../db/database-faults.js';
import { MIGRATION_NAMES } from '../../../db/migrate.js';
import type { DomainContext } from '../../../domain/context.js';
import { problemFor } from '../../problem.js';
import type { ProcessHealth } from '../../process-health.js';
import type { RouteServices } from '../../services.js';
import { healthResponse, readyResponse } from './health.schema.js';

type Check = 'ok' | 'down' | 'pending' | 'stopped' | 'elsewhere' | 'unknown';

/** What `/readyz` checks: the database answers, every migration this version knows is applied, the worker runs. */
async function readiness(ctx: DomainContext, health: ProcessHealth | undefined, migrated: { done: boolean }) {
  const checks: { database: Check; migrations: Check; mail_worker: Check } = { database: 'ok', migrations: 'ok', mail_worker: 'elsewhere' };
  try {
    await sql`select 1`.execute(ctx.db);
  } catch {
    checks.database = 'down';
  }
  if (checks.database === 'down') checks.migrations = 'unknown';
  else if (!migrated.done) {
    // Once all are applied they stay applied: read the table until then, never after.
    try {
      const applied = await sql<{
        n: number;
      }>`select count(*) as n from kysely_migration where name in (${sql.join(MIGRATION_NAMES)})`.execute(ctx.db);
      migrated.done = Number(applied.rows[0]?.n) === MIGRATION_NAMES.length;
      if (!migrated.done) checks.migrations = 'pending';
    } catch {
      checks.migrations = 'pending';
    }
  }
  if (health?.mailWorker) checks.mail_worker = health.mailWorker() ? 'ok' : 'stopped';
  return checks;
}

/**
 * For load balancers and orchestrators; outside the API's document (like the widget script). GET /healthz:
 * 200 while the process serves (liveness: no database, so an outage does not restart every instance).
 * GET /readyz: 200 when the database answers, the migrations are applied and this process's mail worker (if
 * it runs one) is running; else a 503 problem with Retry-After whose `checks` name what is not ready.
 */
export const healthRoutes: FastifyPluginAsync<RouteServices> = async (app, { ctx, health }) => {
  app.get('/healthz', { schema: { hide: true, response: healthResponse } }, async () => ({ status: 'ok' as const }));

  const migrated = { done: false };
  app.get('/readyz', { schema: { hide: true, response: readyResponse } }, async (request, reply) => {
    const checks = await readiness(ctx, health, migrated);
    const notReady = Object.entries(checks).filter(([, state]) => state !== 'ok' && state !== 'elsewhere');
    if (!notReady.length) return { status: 'ready' as const, checks };
    request.log.warn({ checks }, 'not ready');
    reply.status(503).type('application/problem+json').header('retry-after', String(RETRY_AFTER_SECONDS.unavailable));
    const detail =
      checks.database === 'down'
        ? message('problems.detail.database_down')
        : message('problems.detail.not_ready', { checks: notReady.map(([name, state]) => `${name}: ${state}`).join(', ') });
    return { ...problemFor('SERVICE_UNAVAILABLE', detail), checks };
  });
};
