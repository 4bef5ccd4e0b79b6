import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { relaxIntakeLimits, setRegistration, ticketPayload } from '../../../test/fixtures.js';
import { type PrivatePostgres, startPrivatePostgres } from '../../../test/private-postgres.js';
import { createTestHelpdesk, type TestHelpdesk } from '../../../test/test-helpdesk.js';

type Phase = 'up' | 'stopping' | 'down' | 'starting' | 'back';

interface Outcome {
  /** The phase when the request was sent. */
  phase: Phase;
  status: number | 'no answer';
  code?: string;
  retryAfter: string | null;
  contentType: string | null;
  subject: string;
  id?: number;
}

// A PostgreSQL of the test's own is really stopped and started; the shared server is never touched.
describe.skipIf(!inject('postgresUrl'))('PostgreSQL restarted under a load of submissions', () => {
  let server: PrivatePostgres;
  let hd: TestHelpdesk;
  let base: string;
  beforeAll(async () => {
    server = await startPrivatePostgres();
    hd = await createTestHelpdesk('postgres', { databaseUrl: server.url, databaseTuning: { connectTimeoutMs: 3000 } });
    await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: true });
    await relaxIntakeLimits(hd.ctx);
    base = await hd.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await hd?.close();
    await server?.destroy();
  });

  it(
    'answers 503 problems with Retry-After while it is down (never a 500 or ' + 'a hang) and takes tickets again in the same process',
    async () => {
      let phase: Phase = 'up';
      let running = true;
      let sent = 0;
      const outcomes: Outcome[] = [];
      const count = (p: Phase, status?: number) =>
        outcomes.filter((o) => o.phase === p && (status === undefined || o.status === status)).length;
      const waitFor = async (what: string, predicate: () => boolean) => {
        await expect.poll(predicate, { timeout: 30_000, interval: 20, message: what }).toBe(true);
      };

      async function submitter() {
        while (running) {
          const at = phase;
          sent += 1;
          const subject = `Outage load ${sent} ${Math.random().toString(36).slice(2)}`;
          try {
            // Bounded: a request the outage made hang would show as "no answer".
            const res = await fetch(`${base}/api/helpdesk/v1/tickets/`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify(ticketPayload({ subject })),
              signal: AbortSignal.timeout(15_000),
            });
            const body = (await res.json()) as { id?: number; code?: string };
            outcomes.push({
              phase: at,
              status: res.status,
              code: body.code,
              id: body.id,
              retryAfter: res.headers.get('retry-after'),
              contentType: res.headers.get('content-type'),
              subject,
            });
          } catch {
            outcomes.push({ phase: at, status: 'no answer', retryAfter: null, contentType: null, subject });
          }
        }
      }
      const load = Array.from({ length: 8 }, () => submitter());

      await waitFor('20 tickets filed before the restart', () => count('up', 201) >= 20);
      phase = 'stopping';
      await server.stop();
      phase = 'down';
      await waitFor('30 submissions answered while PostgreSQL is down', () => count('down') >= 30);
      const health = await fetch(`${base}/readyz`);
      expect(health.status).toBe(503);
      expect(health.headers.get('retry-after')).toBe('5');
      phase = 'starting';
      await server.start();
      phase = 'back';
      await waitFor('20 tickets filed after the restart', () => count('back', 201) >= 20);
      running = false;
      await Promise.all(load);

      expect((await fetch(`${base}/readyz`)).status).toBe(200);
      // While it was down: every answer a 503 problem with Retry-After.
      const down = outcomes.filter((o) => o.phase === 'down');
      for (const outcome of down) {
        expect(outcome).toMatchObject({
          status: 503,
          code: 'SERVICE_UNAVAILABLE',
          retryAfter: '5',
          contentType: expect.stringMatching(/^application\/problem\+json/),
        });
      }
      // Around the stop and start: only 201 or that same 503, never a 500 and never no answer.
      for (const outcome of outcomes) {
        expect([201, 503], `${outcome.phase}: ${outcome.status} ${outcome.code ?? ''}`).toContain(outcome.status);
        if (outcome.status === 503) expect(outcome.code).toBe('SERVICE_UNAVAILABLE');
      }
      // Every ticket acknowledged is there once, and no ticket is without its status and outbox job.
      const acknowledged = outcomes.filter((o) => o.status === 201);
      const tickets = await hd.ctx.db.selectFrom('posts').select(['id', 'title']).where('type', '=', 'ticket').execute();
      const byTitle = new Map(tickets.map((t) => [t.title, t.id]));
      expect(new Set(tickets.map((t) => t.title)).size).toBe(tickets.length);
      for (const outcome of acknowledged) expect(byTitle.get(outcome.subject), outcome.subject).toBe(outcome.id);
      const jobs = await hd.ctx.db.selectFrom('jobs').select('payload').where('kind', '=', 'ticket_created').execute();
      const jobTickets = jobs.map((j) => (JSON.parse(j.payload) as { ticketId: number }).ticketId).sort((a, b) => a - b);
      expect(jobTickets).toEqual(tickets.map((t) => t.id).sort((a, b) => a - b));
      const statuses = await hd.ctx.db.selectFrom('term_relationships').select('post_id').where('taxonomy', '=', 'ticket_status').execute();
      expect(new Set(statuses.map((s) => s.post_id))).toEqual(new Set(tickets.map((t) => t.id)));
    },
  );
});
