import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/test-databases.js';
import { useTestHelpdesk } from '../../../test/test-helpdesk.js';

type Headers = Record<string, string>;

describeEachDatabase('API tokens: name, times, expiry, list and revoke', (dialect) => {
  const hd = useTestHelpdesk(dialect);
  let admin: Headers;
  let agent: Headers;
  let agentId = 0;
  beforeAll(async () => {
    [admin, agent] = await Promise.all([hd.authAs('admin'), hd.authAs('agent')]);
    agentId = (await call('GET', '/me', agent)).json().user.id;
  });
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, headers: Headers = {}, payload?: object) =>
    hd.app.inject({ method, url: `/api/helpdesk/v1${url}`, headers, payload });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const row = (id: number) => hd.ctx.db.selectFrom('api_tokens').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

  it('creates a named token for an account, shows the secret once and stores only its hash; the list never shows it', async () => {
    const created = await call('POST', '/tokens/', admin, { name: 'Zapier sync', expires_in_days: 30, user_id: agentId });
    expect(created.statusCode).toBe(201);
    expect(created.headers['cache-control']).toBe('no-store');
    const token = created.json();
    expect(token).toMatchObject({ name: 'Zapier sync', user: { id: agentId }, last_used: null, token: expect.stringMatching(/^hd_/) });
    expect(Date.parse(token.expires) - Date.parse(token.created)).toBe(30 * 24 * 60 * 60 * 1000);
    const stored = await row(token.id);
    expect(stored.token_hash).not.toContain(token.token);
    expect(JSON.stringify(stored)).not.toContain(token.token);

    const list = await call('GET', '/tokens/', admin);
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(token.token);
    expect(list.body).not.toContain(stored.token_hash);
    expect(list.json()).toContainEqual({
      id: token.id,
      name: 'Zapier sync',
      user: expect.objectContaining({ id: agentId }),
      created: token.created,
      last_used: null,
      expires: token.expires,
    });
    // The agent's own (from authAs) and the new one, newest first; nobody else's.
    const agents = (await call('GET', `/tokens/?user_id=${agentId}`, admin)).json() as Array<{ id: number; user: { id: number } }>;
    expect(agents.map((t) => t.id)[0]).toBe(token.id);
    expect(agents).toHaveLength(2);
    expect(agents.every((t) => t.user.id === agentId)).toBe(true);

    // It acts as its account; without user_id a token is the admin's own.
    expect((await call('GET', '/me', bearer(token.token))).json().user.id).toBe(agentId);
    const own = (await call('POST', '/tokens/', admin, { name: 'mine' })).json();
    expect(own.expires).toBeNull();
    expect((await call('GET', '/me', bearer(own.token))).json().user.role).toBe('admin');
  });

  it('records the last use at most once a minute per token', async () => {
    const { id, token } = (await call('POST', '/tokens/', admin, { name: 'last use' })).json();
    expect((await row(id)).last_used_at).toBeNull();
    expect((await call('GET', '/me', bearer(token))).statusCode).toBe(200);
    const first = (await row(id)).last_used_at as string;
    expect(first).not.toBeNull();
    // Used again within the minute: no write.
    const recent = ago(30_000);
    await hd.ctx.db.updateTable('api_tokens').set({ last_used_at: recent }).where('id', '=', id).execute();
    await call('GET', '/me', bearer(token));
    expect((await row(id)).last_used_at).toBe(recent);
    // Over a minute later: written again.
    const old = ago(61_000);
    await hd.ctx.db.updateTable('api_tokens').set({ last_used_at: old }).where('id', '=', id).execute();
    await call('GET', '/me', bearer(token));
    expect(((await row(id)).last_used_at as string) > old).toBe(true);
    expect((await call('GET', '/tokens/', admin)).json().find((t: { id: number }) => t.id === id).last_used).toBe(
      (await row(id)).last_used_at,
    );
  });

  it('refuses an expired token in plain words', async () => {
    const { id, token } = (await call('POST', '/tokens/', admin, { name: 'short lived', expires_in_days: 1 })).json();
    expect((await call('GET', '/users/', bearer(token))).statusCode).toBe(200);
    await hd.ctx.db
      .updateTable('api_tokens')
      .set({ expires_at: ago(1000) })
      .where('id', '=', id)
      .execute();
    const refused = await call('GET', '/users/', bearer(token));
    expect(refused.statusCode).toBe(401);
    expect(refused.json().detail).toMatch(/This token expired on \d{4}-\d\d-\d\d\. Create a new one\./);
  });

  it('revokes a token: refused from the next request on; revoking it again is a 404', async () => {
    const { id, token } = (await call('POST', '/tokens/', admin, { name: 'to revoke' })).json();
    expect((await call('GET', '/users/', bearer(token))).statusCode).toBe(200);
    expect((await call('DELETE', `/tokens/${id}`, admin)).statusCode).toBe(204);
    const refused = await call('GET', '/users/', bearer(token));
    expect(refused.statusCode).toBe(401);
    expect(refused.json().detail).toMatch(/unknown or was revoked/);
    const again = await call('DELETE', `/tokens/${id}`, admin);
    expect(again.statusCode).toBe(404);
    expect(again.json().detail).toMatch(/no API token with id/);
    expect((await call('GET', '/tokens/', admin)).json().map((t: { id: number }) => t.id)).not.toContain(id);
  });

  it('refuses bad input by field name, changing nothing, and anyone but an admin', async () => {
    const count = async () => (await hd.ctx.db.selectFrom('api_tokens').select('id').execute()).length;
    const before = await count();
    const field = async (body: object) => {
      const res = await call('POST', '/tokens/', admin, body);
      expect(res.statusCode).toBe(400);
      return res.json().errors[0].field as string;
    };
    expect(await field({ name: 'x', expires_in_days: 0 })).toBe('expires_in_days');
    expect(await field({ name: 'x', expires_in_days: 'soon' })).toBe('expires_in_days');
    expect(await field({ name: 'x', expires_in_days: 1.5 })).toBe('expires_in_days');
    expect(await field({ name: 'x', expires_in_days: 100_000 })).toBe('expires_in_days');
    expect(await field({ expires_in_days: 3 })).toBe('name');
    expect(await field({ name: '   ' })).toBe('name');
    expect(await field({ name: 'x', user_id: 999_999 })).toBe('user_id');
    expect(await field({ name: 'x', secret: 'mine' })).toBe('secret');
    expect(await count()).toBe(before);

    expect((await call('GET', '/tokens/', agent)).statusCode).toBe(403);
    expect((await call('POST', '/tokens/', agent, { name: 'x' })).statusCode).toBe(403);
    expect((await call('DELETE', '/tokens/1', agent)).statusCode).toBe(403);
    expect((await call('GET', '/tokens/')).statusCode).toBe(401);
    expect((await call('DELETE', '/tokens/0', admin)).statusCode).toBe(400);
    expect((await call('DELETE', '/tokens/999999', admin)).statusCode).toBe(404);
  });

  it('gives no token to a disabled account', async () => {
    const user = (await call('POST', '/users/', admin, { email: `off-${process.pid}@example.test`, name: 'Off', role: 'agent' })).json();
    await call('POST', `/users/${user.id}/disable`, admin);
    const refused = await call('POST', '/tokens/', admin, { name: 'x', user_id: user.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0]).toMatchObject({ field: 'user_id', detail: expect.stringContaining('disabled') });
  });
});
