import { beforeAll, expect, it } from 'vitest';
import { CC_MAX } from '../../../../common/limits.js';
import { insertParticipant } from '../../../domain/participants/participants.js';
import { createAgent, createClient } from '../../../test/factories.js';
import { relaxIntakeLimits, setRegistration, ticketPayload } from '../../../test/fixtures.js';
import { describeEachDatabase } from '../../../test/test-databases.js';
import { useTestHelpdesk } from '../../../test/test-helpdesk.js';

type Headers = Record<string, string>;

describeEachDatabase('ticket participants: staff copy clients in and add followers', (dialect) => {
  const hd = useTestHelpdesk(dialect);
  let agent: Headers;
  let client: Headers;
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, headers: Headers, payload?: object) =>
    hd.app.inject({ method, url: `/api/helpdesk/v1${url}`, headers, payload });

  beforeAll(async () => {
    await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: true });
    await relaxIntakeLimits(hd.ctx);
    [agent, client] = await Promise.all([hd.authAs('agent'), hd.authAs('client')]);
  });

  async function newTicket(): Promise<number> {
    const res = await call('POST', '/tickets/', client, ticketPayload({ subject: 'Copies' }));
    expect(res.statusCode).toBe(201);
    return res.json().id as number;
  }

  it('an agent copies a client in by email, lists them, and takes them off again', async () => {
    const id = await newTicket();
    const added = await call('POST', `/tickets/${id}/participants`, agent, { kind: 'cc', email: 'Gil@Client.test', name: 'Gil' });
    expect(added.statusCode).toBe(200);
    expect(added.json()).toEqual([expect.objectContaining({ kind: 'cc', email: 'gil@client.test', name: 'Gil' })]);
    const user = await hd.ctx.db
      .selectFrom('users')
      .select(['role', 'password_hash'])
      .where('email', '=', 'gil@client.test')
      .executeTakeFirstOrThrow();
    expect(user).toEqual({ role: 'client', password_hash: null });

    const userId = added.json()[0].user_id as number;
    const removed = await call('DELETE', `/tickets/${id}/participants?kind=cc&user_id=${userId}`, agent);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual([]);
  });

  it('an agent adds another agent as a follower, once however often it is asked', async () => {
    const id = await newTicket();
    const other = await createAgent(hd);
    for (let i = 0; i < 2; i++)
      expect((await call('POST', `/tickets/${id}/participants`, agent, { kind: 'follower', user_id: other.id })).statusCode).toBe(200);
    const list = await call('GET', `/tickets/${id}/participants`, agent);
    expect(list.json().map((p: { kind: string; user_id: number }) => [p.kind, p.user_id])).toEqual([['follower', other.id]]);
  });

  it('a client cannot be a follower: a 400 problem naming user_id', async () => {
    const id = await newTicket();
    const someone = await createClient(hd);
    const res = await call('POST', `/tickets/${id}/participants`, agent, { kind: 'follower', user_id: someone.id });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json().errors)).toContain('user_id');
  });

  it('a bad address is a 400 problem naming email, and nothing is added', async () => {
    const id = await newTicket();
    const res = await call('POST', `/tickets/${id}/participants`, agent, { kind: 'cc', email: 'not an address' });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json().errors)).toContain('email');
    expect((await call('GET', `/tickets/${id}/participants`, agent)).json()).toEqual([]);
  });

  it('a staff address cannot be copied in: a 400 problem naming email', async () => {
    const id = await newTicket();
    const other = await createAgent(hd);
    const res = await call('POST', `/tickets/${id}/participants`, agent, { kind: 'cc', email: other.email });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json().errors)).toContain('email');
  });

  it(`past ${CC_MAX} people copied in, another is a 400 problem naming email`, async () => {
    const id = await newTicket();
    for (let i = 0; i < CC_MAX; i++) {
      const c = await createClient(hd);
      await insertParticipant(hd.ctx.db, { ticketId: id, userId: c.id, kind: 'cc', addedBy: null, at: new Date().toISOString() });
    }
    const res = await call('POST', `/tickets/${id}/participants`, agent, { kind: 'cc', email: 'one-more@client.test' });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json().errors)).toContain('email');
  });

  it('clients may neither list nor change a ticket’s participants', async () => {
    const id = await newTicket();
    expect((await call('GET', `/tickets/${id}/participants`, client)).statusCode).toBe(403);
    expect((await call('POST', `/tickets/${id}/participants`, client, { kind: 'cc', email: 'x@client.test' })).statusCode).toBe(403);
  });

  it('a missing ticket is a 404', async () => {
    expect((await call('GET', '/tickets/999999/participants', agent)).statusCode).toBe(404);
    expect((await call('POST', '/tickets/999999/participants', agent, { kind: 'cc', email: 'x@client.test' })).statusCode).toBe(404);
  });
});
