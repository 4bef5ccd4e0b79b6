import { sql } from 'kysely';
import pg from 'pg';
import { beforeAll, expect, it } from 'vitest';
import { createSession } from '../auth/sessions.js';
import { addUser } from '../domain/people/add-user.js';
import { SESSION_COOKIE } from '../http/plugins/session.js';
import { mechanismsOn } from '../test/mechanisms-on.js';
import { describeEachDatabase } from '../test/test-databases.js';
import { useTestHelpdesk } from '../test/test-helpdesk.js';

const INBOX = '/api/helpdesk/v1/tickets/';
// An advisory lock this test alone takes.
const LOCK_KEY = 4217;

// Under an anonymous flood every connection of the main pool is taken and queries queue
// behind it; a request that carries a credential is served on connections of its own (signed-in-lane.ts).
describeEachDatabase('the signed-in lane', (dialect) => {
  const hd = useTestHelpdesk(dialect, { databaseTuning: { poolSize: 2, connectTimeoutMs: 2_000 } });
  let agent: Record<string, string>;
  let adminAppAgent: Record<string, string>;

  beforeAll(async () => {
    agent = await hd.authAs('agent');
    const user = await addUser(hd.ctx, { email: 'lane@example.test', name: 'Lane Agent', role: 'agent' });
    adminAppAgent = { cookie: `${SESSION_COOKIE}=${await createSession(hd.db.kysely, user.id)}` };
  });

  it.skipIf(dialect === 'sqlite' || !mechanismsOn('signed-in-lane'))(
    'an agent is answered while every connection of the main pool is held',
    async () => {
      const holder = new pg.Client({ connectionString: hd.config.databaseUrl });
      await holder.connect();
      try {
        await holder.query('select pg_advisory_lock($1)', [LOCK_KEY]);
        // Two anonymous queries, one per connection of the main pool, wait for the lock.
        const held = [0, 1].map(() => sql`select pg_advisory_xact_lock_shared(${LOCK_KEY})`.execute(hd.db.kysely));
        const waiting = async () => {
          // pg_locks shows the whole server: only this database's waits for this key count (other test files run
          // in parallel on other databases).
          const { rows } = await holder.query<{ n: number }>(
            `select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted and objid = $1
             and database = (select oid from pg_database where datname = current_database())`,
            [LOCK_KEY],
          );
          return rows[0]?.n ?? 0;
        };
        while ((await waiting()) < 2) await new Promise((resolve) => setImmediate(resolve));

        // Without a lane the agent's queries would wait for a pooled connection until the connect timeout (a 503):
        // with a token, and with the admin app's session cookie.
        for (const headers of [agent, adminAppAgent])
          expect((await hd.app.inject({ method: 'GET', url: INBOX, headers })).statusCode).toBe(200);
        expect(await waiting()).toBe(2);

        await holder.query('select pg_advisory_unlock($1)', [LOCK_KEY]);
        await Promise.all(held);
      } finally {
        await holder.end();
      }
    },
  );

  it('a request with a token, the session cookie or neither is answered on both databases', async () => {
    for (const headers of [agent, adminAppAgent])
      expect((await hd.app.inject({ method: 'GET', url: INBOX, headers })).statusCode).toBe(200);
    expect((await hd.app.inject({ method: 'GET', url: INBOX })).statusCode).toBe(401);
  });
});
