import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { parseAllowList } from '../../../config/metrics-config.js';
import type { DomainContext } from '../../../domain/context.js';
import type { ProcessHealth } from '../../process-health.js';
import type { RequestMetrics } from '../../request-metrics.js';
import type { RouteServices } from '../../services.js';

function gauge(name: string, help: string, rows: { labels: string; value: number }[]): string[] {
  return [`# HELP ${name} ${help}`, `# TYPE ${name} gauge`, ...rows.map((r) => `${name}${r.labels ? `{${r.labels}}` : ''} ${r.value}`)];
}

const label = (value: unknown) => String(value).replaceAll('\\', '\\\\').replaceAll('"', '\\"').replaceAll('\n', '\\n');

/** The figures read from the database at scrape time: a few grouped counts, each bounded by its table's index or retention. */
async function databaseFigures(ctx: DomainContext, health: ProcessHealth | undefined): Promise<string[]> {
  const since = new Date(Date.now() - 24 * 3600_000).toISOString();
  const [jobs, webhooks, inbound, breaches] = await Promise.all([
    sql<{ kind: string; state: string; n: number }>`select kind, state, count(*) as n from jobs group by kind, state`.execute(ctx.db),
    sql<{ state: string; n: number }>`select state, count(*) as n from webhook_deliveries group by state`.execute(ctx.db),
    sql<{
      outcome: string;
      n: number;
    }>`select outcome, count(*) as n from inbound_mails where created_at >= ${since} group by outcome`.execute(ctx.db),
    sql<{ n: number }>`select count(*) as n from ticket_sla_targets where breached_at is not null`.execute(ctx.db),
  ]);
  const lines = [
    ...gauge(
      'helpdesk_jobs',
      'Jobs in the queue table by kind and state (mail: state done = sent, failed = given up; done jobs are kept 30 days).',
      jobs.rows.map((r) => ({ labels: `kind="${label(r.kind)}",state="${label(r.state)}"`, value: Number(r.n) })),
    ),
    ...gauge(
      'helpdesk_webhook_deliveries',
      'Webhook deliveries by state.',
      webhooks.rows.map((r) => ({ labels: `state="${label(r.state)}"`, value: Number(r.n) })),
    ),
    ...gauge(
      'helpdesk_inbound_mails_24h',
      'Incoming mails of the last 24 hours by outcome.',
      inbound.rows.map((r) => ({ labels: `outcome="${label(r.outcome)}"`, value: Number(r.n) })),
    ),
    ...gauge('helpdesk_sla_breaches', 'Service-level targets that went overdue (kept with their tickets).', [
      { labels: '', value: Number(breaches.rows[0]?.n ?? 0) },
    ]),
  ];
  const pool = health?.poolStats?.();
  if (pool)
    lines.push(
      ...gauge('helpdesk_db_pool_connections', 'PostgreSQL connections of the main pool by state.', [
        { labels: 'state="total"', value: pool.total },
        { labels: 'state="idle"', value: pool.idle },
        { labels: 'state="waiting"', value: pool.waiting },
      ]),
    );
  if (health?.mailWorker)
    lines.push(
      ...gauge('helpdesk_mail_worker_running', '1 while this process’s mail worker runs.', [
        { labels: '', value: health.mailWorker() ? 1 : 0 },
      ]),
    );
  return lines;
}

/**
 * GET /metrics in Prometheus' text format, for a scraper; outside the API's document, no CORS. Off (404)
 * unless METRICS_TOKEN or METRICS_ALLOW is set; then only a matching bearer token or an allowed address
 * reads it, everyone else gets the same 404.
 */
export const metricsRoutes: FastifyPluginAsync<RouteServices & { requestMetrics?: RequestMetrics }> = async (
  app,
  { ctx, config, health, requestMetrics },
) => {
  const setting = config.metrics;
  if (!setting) return;
  const allow = parseAllowList(setting.allow, []);
  const token = setting.token ? Buffer.from(`Bearer ${setting.token}`) : null;
  const mayRead = (request: FastifyRequest) => {
    const given = Buffer.from(request.headers.authorization ?? '');
    if (token && given.length === token.length && timingSafeEqual(given, token)) return true;
    const address = request.ip.replace(/^::ffff:/, '');
    return !!allow && setting.allow.length > 0 && allow.check(address, address.includes(':') ? 'ipv6' : 'ipv4');
  };
  app.get('/metrics', { schema: { hide: true }, config: { ownBearer: true } }, async (request, reply) => {
    if (!mayRead(request)) return reply.callNotFound();
    const lines = await databaseFigures(ctx, health);
    reply.type('text/plain; version=0.0.4; charset=utf-8').header('cache-control', 'no-store');
    return `${requestMetrics?.render() ?? ''}${lines.join('\n')}\n`;
  });
};
