import { createHash } from 'node:crypto';
import pg from 'pg';
import { beforeEach, expect, it } from 'vitest';
import { updateSettings } from '../../../settings/settings.js';
import { relaxIntakeLimits, setRegistration, ticketPayload } from '../../../test/fixtures.js';
import { describeEachDatabase } from '../../../test/test-databases.js';
import { useTestHelpdesk } from '../../../test/test-helpdesk.js';

const URL_TICKETS = '/api/helpdesk/v1/tickets/';

/**
 * With the counters in the database, PostgreSQL's filing statement counts the intake limits itself.
 * Whenever a submission stops before that statement, or the statement writes nothing, the limits are
 * counted all the same, as when the counters were a statement of their own: a refused submission still
 * uses up its share.
 */
describeEachDatabase('intake limits counted by the filing', (dialect) => {
  const hd = useTestHelpdesk(dialect, { freshEach: true, counters: 'database' });
  const post = (payload: object, key: string, remoteAddress = '203.0.113.80') =>
    hd.app.inject({ method: 'POST', url: URL_TICKETS, payload, headers: { 'idempotency-key': key }, remoteAddress });
  beforeEach(async () => {
    await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: true });
    await relaxIntakeLimits(hd.ctx);
    await updateSettings(hd.ctx, { tickets: { limit_ip_hour: 2 } });
  });

  it('counts a submission refused for a field the statement never saw (an urgency that does not exist)', async () => {
    for (const key of ['bad-key-1', 'bad-key-2']) {
      const refused = await post(ticketPayload({ urgency: 987_654 }), key);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().detail).toMatch(/urgency/);
    }
    const third = await post(ticketPayload(), 'good-key');
    expect(third.statusCode).toBe(429);
    expect(third.headers['ratelimit-policy']).toBe('"ip-hour";q=2;w=3600');
  });

  it.runIf(dialect === 'postgres')('counts the loser of a race on one idempotency key, whose statement was undone', async () => {
    const payload = ticketPayload();
    const first = await post(payload, 'race-first');
    expect(first.statusCode).toBe(201);
    // Another connection holds the key the next submission sends, not yet committed: the submission's
    // statement saw no earlier ticket, waits on the key's unique index, and fails once it commits.
    const holder = new pg.Client({ connectionString: hd.config.databaseUrl });
    await holder.connect();
    try {
      const scopedKey = createHash('sha256').update(`${payload.email}\nrace-held`).digest('hex');
      await holder.query('begin');
      await holder.query(`insert into idempotency_keys (key, ticket_id, created_at) values ($1, $2, 'now')`, [scopedKey, first.json().id]);
      const racing = post(payload, 'race-held');
      await waitFor(async () => {
        const waiting = await holder.query(
          `select count(*)::int as n from pg_stat_activity
           where datname = current_database() and pid <> pg_backend_pid() and wait_event_type = 'Lock'`,
        );
        return waiting.rows[0].n > 0;
      });
      await holder.query('commit');
      const lost = await racing;
      // The winner's ticket (the one the held key points at), as a replay.
      expect(lost.statusCode).toBe(200);
      expect(lost.json().id).toBe(first.json().id);
    } finally {
      await holder.end();
    }
    // Two counted for this address: the third is over.
    expect((await post(ticketPayload(), 'race-third')).statusCode).toBe(429);
  });
});

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error('The condition was not met in time.');
    await new Promise((resolve) => setImmediate(resolve));
  }
}
