import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { hashPassword } from '../auth/passwords.js';
import { createDb, type Db } from '../db/create-db.js';
import { createApiToken } from '../domain/people/api-tokens.js';
import { insertUserOnce } from '../domain/people/resolve-user.js';
import { type HelpdeskProcess, startHelpdeskProcess } from '../test/helpdesk-process.js';
import { HttpBrowser } from '../test/http-browser.js';
import { createTestDatabase, type TestDatabase } from '../test/test-databases.js';

// Two real `helpdesk serve` processes share one fresh PostgreSQL database (no Redis: sessions and
// tokens live in the database). What one instance disables or revokes, the other refuses at once:
// neither keeps an in-process cache of sessions, tokens or accounts.

const postgresUrl = inject('postgresUrl');

describe.skipIf(!postgresUrl)('a disabled account and a revoked token on two instances', () => {
  const dirs: string[] = [];
  let database: TestDatabase;
  let db: Db;
  let a: HelpdeskProcess & { url: string };
  let b: HelpdeskProcess & { url: string };
  let adminToken = '';
  const agent = { id: 0, email: 'agent@two.test', password: 'a long agent password' };

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    const shared = {
      DATABASE_URL: database.url,
      HELPDESK_HOME_URL: 'http://help.test',
      HELPDESK_ENCRYPTION_SEED: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'warn',
    };
    const dataDir = () => {
      const dir = mkdtempSync(join(tmpdir(), 'helpdesk-lifecycle-'));
      dirs.push(dir);
      return dir;
    };
    const [dirA, dirB] = [dataDir(), dataDir()];
    // One after the other: this test is about what they share, not about racing migrations.
    a = await startHelpdeskProcess({ ...shared, HELPDESK_DATA_DIR: dirA }, dirA);
    b = await startHelpdeskProcess({ ...shared, HELPDESK_DATA_DIR: dirB }, dirB);
    db = createDb({ url: database.url, poolSize: 2 });
    const admin = await insertUserOnce(db.kysely, { email: 'admin@two.test', name: 'Ada Admin', role: 'admin' });
    adminToken = await createApiToken(db.kysely, admin.id, 'test admin');
    const staff = await insertUserOnce(db.kysely, { email: agent.email, name: 'Sam Agent', role: 'agent' });
    await db.kysely
      .updateTable('users')
      .set({ password_hash: await hashPassword(agent.password) })
      .where('id', '=', staff.id)
      .execute();
    agent.id = staff.id;
  }, 90_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await db?.close();
    await database?.drop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  const api = (instance: { url: string }, path: string) => `${instance.url}/api/helpdesk/v1${path}`;
  const adminHeaders = () => ({ authorization: `Bearer ${adminToken}` });

  /** Signs the agent in to the admin app through `instance`; returns its browser. */
  async function signInOn(instance: { url: string }) {
    const browser = new HttpBrowser();
    const me = JSON.parse((await browser.request(api(instance, '/me'))).body) as { csrf_token: string };
    const session = await browser.request(api(instance, '/session'), {
      headers: { 'x-csrf-token': me.csrf_token },
      json: { email: agent.email, password: agent.password },
    });
    return { browser, session };
  }

  it('an account disabled on A is refused on B at once: its session, its token and a new sign-in', async () => {
    const { browser, session } = await signInOn(b);
    expect(session.status).toBe(200);
    const agentToken = await createApiToken(db.kysely, agent.id, 'agent script');
    expect((await browser.request(api(b, '/users/'))).status).toBe(200);
    expect((await fetch(api(b, '/users/'), { headers: { authorization: `Bearer ${agentToken}` } })).status).toBe(200);

    const disabled = await fetch(api(a, `/users/${agent.id}/disable`), { method: 'POST', headers: adminHeaders() });
    expect(disabled.status).toBe(200);

    // The very next requests to B, with no wait.
    expect((await browser.request(api(b, '/users/'))).status).toBe(401);
    const byToken = await fetch(api(b, '/users/'), { headers: { authorization: `Bearer ${agentToken}` } });
    expect(byToken.status).toBe(401);
    const again = await signInOn(b);
    expect(again.session.status).toBe(403);
    expect((JSON.parse(again.session.body) as { detail: string }).detail).toContain('This account has been disabled');

    expect((await fetch(api(a, `/users/${agent.id}/enable`), { method: 'POST', headers: adminHeaders() })).status).toBe(200);
    expect((await signInOn(b)).session.status).toBe(200);
  });

  it('a token revoked on A is refused on B at once', async () => {
    const created = await fetch(api(a, '/tokens/'), {
      method: 'POST',
      headers: { ...adminHeaders(), 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'shared', user_id: agent.id }),
    });
    expect(created.status).toBe(201);
    const { id, token } = (await created.json()) as { id: number; token: string };
    expect((await fetch(api(b, '/users/'), { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    expect((await fetch(api(a, `/tokens/${id}`), { method: 'DELETE', headers: adminHeaders() })).status).toBe(204);
    const refused = await fetch(api(b, '/users/'), { headers: { authorization: `Bearer ${token}` } });
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { detail: string }).detail).toMatch(/unknown or was revoked/);
  });
});
