import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../../app.js';
import type { MetricsSetting } from '../../../config/metrics-config.js';
import { parseMetricsSetting } from '../../../config/metrics-config.js';
import { describeEachDatabase } from '../../../test/test-databases.js';
import { useTestHelpdesk } from '../../../test/test-helpdesk.js';

const TOKEN = 'metrics-token-0123456789';

describeEachDatabase('GET /metrics: Prometheus text for a scraper', (dialect) => {
  const hd = useTestHelpdesk(dialect);
  let app: Awaited<ReturnType<typeof buildApp>>;
  const withMetrics = (metrics: MetricsSetting) => buildApp({ config: { ...hd.config, metrics }, ctx: hd.ctx });
  beforeAll(async () => {
    app = await withMetrics({ token: TOKEN, allow: ['10.0.0.0/8'], requests: true });
  });
  afterAll(async () => app?.close());
  const scrape = (headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` }, remoteAddress?: string) =>
    app.inject({ method: 'GET', url: '/metrics', headers, ...(remoteAddress ? { remoteAddress } : {}) });

  it('is a 404 while neither METRICS_TOKEN nor METRICS_ALLOW is set', async () => {
    expect((await hd.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' })).statusCode).toBe(404);
  });

  it('answers the right bearer token in Prometheus’ text format, and a 404 to a wrong or missing one', async () => {
    const res = await scrape();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain; version=0.0.4');
    expect((await scrape({ authorization: `Bearer ${TOKEN}x` })).statusCode).toBe(404);
    expect((await scrape({})).statusCode).toBe(404);
  });

  it('is read whole by a Prometheus text-format parser: every family named, helped and typed, every sample a number', async () => {
    await app.inject({ method: 'GET', url: '/api/helpdesk/v1/docs/' });
    await app.inject({ method: 'GET', url: '/api/helpdesk/v1/tickets/1' });
    const families = parsePrometheusTextFormat((await scrape()).body);
    const names = families.map((family) => family.name);
    expect(names).toEqual(
      expect.arrayContaining(['helpdesk_http_requests_total', 'helpdesk_http_request_duration_seconds', 'helpdesk_jobs']),
    );
    expect(new Set(names).size).toBe(names.length);
    const isNumber = (value: string) => value === '+Inf' || value === '-Inf' || value === 'NaN' || Number.isFinite(Number(value));
    for (const family of families) {
      expect(family.name, family.name).toMatch(/^[a-zA-Z_:][a-zA-Z0-9_:]*$/);
      expect(family.help, family.name).not.toBe('');
      expect(['COUNTER', 'GAUGE', 'HISTOGRAM', 'SUMMARY'], family.name).toContain(family.type);
      for (const sample of family.metrics) {
        if (family.type !== 'HISTOGRAM') {
          expect(isNumber(sample.value ?? ''), `${family.name} ${JSON.stringify(sample)}`).toBe(true);
          continue;
        }
        // A histogram's buckets only grow with their bound (read in its order: an object puts whole-number keys
        // first) and end at +Inf. (This parser leaves out a labelled histogram's sum and count.)
        const buckets = Object.entries(sample.buckets ?? {}).sort(([a], [b]) => Number(a) - Number(b));
        expect(buckets.at(-1)?.[0], family.name).toBe('+Inf');
        const counts = buckets.map(([, count]) => Number(count));
        expect(counts.every(Number.isInteger), family.name).toBe(true);
        expect(counts, family.name).toEqual([...counts].sort((a, b) => a - b));
      }
    }
    const requests = families.find((family) => family.name === 'helpdesk_http_requests_total');
    expect(requests?.metrics).toContainEqual(
      expect.objectContaining({ labels: { method: 'GET', route: '/api/helpdesk/v1/docs/', status: '2xx' } }),
    );
  });

  it('answers an address in METRICS_ALLOW without a token, and no other address', async () => {
    expect((await scrape({}, '10.1.2.3')).statusCode).toBe(200);
    expect((await scrape({}, '192.168.1.5')).statusCode).toBe(404);
  });

  it('counts requests by route pattern and status class, never by raw URL', async () => {
    await app.inject({ method: 'GET', url: '/api/helpdesk/v1/tickets/12345' });
    const body = (await scrape()).body;
    expect(body).toMatch(/helpdesk_http_requests_total\{method="GET",route="\/api\/helpdesk\/v1\/tickets\/:id",status="4xx"\} \d+/);
    expect(body).toContain('helpdesk_http_request_duration_seconds_bucket{method="GET",route="/api/helpdesk/v1/tickets/:id",le="+Inf"}');
    expect(body).not.toContain('12345');
  });

  it('reports the queue, webhook deliveries, incoming mail and service-level breaches from the database', async () => {
    await hd.ctx.db
      .insertInto('jobs')
      .values({
        kind: 'mail',
        payload: '{}',
        state: 'queued',
        attempts: 0,
        run_at: new Date().toISOString(),
        created_at: new Date().toISOString(),
      } as never)
      .execute();
    const body = (await scrape()).body;
    expect(body).toMatch(/helpdesk_jobs\{kind="mail",state="queued"\} [1-9]/);
    for (const name of ['helpdesk_webhook_deliveries', 'helpdesk_inbound_mails_24h', 'helpdesk_sla_breaches 0'])
      expect(body).toContain(name);
  });

  it('sends no CORS headers', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}`, origin: 'https://evil.test' },
    });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('counts no requests with HELPDESK_METRICS_REQUESTS=off, and still reports the rest', async () => {
    const quiet = await withMetrics({ token: TOKEN, allow: [], requests: false });
    try {
      await quiet.inject({ method: 'GET', url: '/healthz' });
      const body = (await quiet.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body;
      expect(body).not.toContain('helpdesk_http_requests_total{');
      expect(body).toContain('helpdesk_jobs');
    } finally {
      await quiet.close();
    }
  });
});

it('refuses a short METRICS_TOKEN and an METRICS_ALLOW entry that is not an address or range, at start', () => {
  const problems: string[] = [];
  parseMetricsSetting({ METRICS_TOKEN: 'short', METRICS_ALLOW: '10.0.0.0/8, example.com' }, problems);
  expect(problems).toHaveLength(2);
  expect(problems.join()).toMatch(/METRICS_TOKEN.*16.*METRICS_ALLOW.*example\.com/s);
});
