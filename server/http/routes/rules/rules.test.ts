import { beforeAll, expect, it } from 'vitest';
import { createTicket } from '../../../test/factories.js';
import { relaxIntakeLimits, setRegistration } from '../../../test/fixtures.js';
import { describeEachDatabase } from '../../../test/test-databases.js';
import { useTestHelpdesk } from '../../../test/test-helpdesk.js';

type Headers = Record<string, string>;
const NOW = new Date('2026-12-07T10:00:00.000Z');

describeEachDatabase('rules: admins list, add, replace, reorder, delete and preview them', (dialect) => {
  const hd = useTestHelpdesk(dialect);
  let agent: Headers;
  let admin: Headers;
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers = {}, payload?: object) =>
    hd.app.inject({ method, url: `/api/helpdesk/v1${url}`, headers, payload });
  const body = (name: string, extra: object = {}) => ({
    name,
    trigger: 'ticket.updated',
    actions: [{ type: 'add_tags', tags: ['seen'] }],
    ...extra,
  });
  const fieldsOf = (res: { json(): { errors?: { field: string }[] } }) => res.json().errors?.map((e) => e.field);
  const ruleCount = async () => (await hd.ctx.db.selectFrom('rules').select('id').execute()).length;

  beforeAll(async () => {
    hd.ctx.now = () => NOW;
    await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: true });
    await relaxIntakeLimits(hd.ctx);
    [agent, admin] = await Promise.all([hd.authAs('agent'), hd.authAs('admin')]);
  });

  it('an admin adds rules after each other with their defaults, replaces one, reorders and deletes them', async () => {
    const first = await call('POST', '/rules/', admin, body('Tag changes'));
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers.location).toBe(`/api/helpdesk/v1/rules/${first.json().id}`);
    expect(first.json()).toMatchObject({ name: 'Tag changes', position: 1, enabled: true, match: 'all', conditions: [], wait: null });
    const second = (
      await call(
        'POST',
        '/rules/',
        admin,
        body('Remind', {
          trigger: 'time',
          wait: { status: 'waiting', amount: 3, unit: 'days', clock: 'business' },
          actions: [{ type: 'note', text: 'Remind the client.' }],
        }),
      )
    ).json();
    expect(second.position).toBe(2);
    const replaced = await call('PUT', `/rules/${second.id}`, admin, body('Remind later', { enabled: false, match: 'any' }));
    expect(replaced.json()).toMatchObject({ name: 'Remind later', position: 2, enabled: false, match: 'any', trigger: 'ticket.updated' });
    const order = await call('PUT', '/rules/order', admin, { ids: [second.id, first.json().id] });
    expect(order.json().map((r: { name: string }) => r.name)).toEqual(['Remind later', 'Tag changes']);
    expect((await call('DELETE', `/rules/${second.id}`, admin)).statusCode).toBe(204);
    expect((await call('GET', `/rules/${second.id}`, admin)).json()).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    expect((await call('GET', '/rules/', admin)).json().map((r: { name: string }) => r.name)).toEqual(['Tag changes']);
    await call('DELETE', `/rules/${first.json().id}`, admin);
  });

  it('agents may not read or change rules, and no one signed out may', async () => {
    expect((await call('GET', '/rules/', agent)).statusCode).toBe(403);
    expect((await call('POST', '/rules/', agent, body('Mine'))).statusCode).toBe(403);
    expect((await call('GET', '/rules/')).statusCode).toBe(401);
  });

  it('an unknown field or a bad value is a 400 naming the field, and nothing is saved', async () => {
    const extra = await call('POST', '/rules/', admin, body('Extra', { colour: 'red' }));
    expect(extra.statusCode).toBe(400);
    const trigger = await call('POST', '/rules/', admin, body('Bad trigger', { trigger: 'ticket.deleted' }));
    expect(trigger.statusCode).toBe(400);
    expect(JSON.stringify(trigger.json())).toContain('trigger');
    const noActions = await call('POST', '/rules/', admin, body('Nothing', { actions: [] }));
    expect(noActions.statusCode).toBe(400);
    expect(JSON.stringify(noActions.json())).toContain('actions');
    expect(await ruleCount()).toBe(0);
  });

  it('a reference to nothing is a 400 naming each field and the fix', async () => {
    const res = await call(
      'POST',
      '/rules/',
      admin,
      body('Broken', {
        conditions: [{ field: 'status', op: 'is', values: ['on-hold'] }],
        actions: [
          { type: 'assign', mode: 'agent', agent_id: 99_999 },
          { type: 'saved_reply', saved_reply_id: 99_999 },
        ],
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual(['conditions.0.values', 'actions.0.agent_id', 'actions.1.saved_reply_id']);
    expect(res.json().detail).toContain('GET /api/helpdesk/v1/tickets/statuses/');
    expect(await ruleCount()).toBe(0);
  });

  it('a time rule needs a wait and only a time rule has one', async () => {
    const none = await call('POST', '/rules/', admin, body('No wait', { trigger: 'time' }));
    expect(fieldsOf(none)).toEqual(['wait']);
    const needless = await call(
      'POST',
      '/rules/',
      admin,
      body('Needless', { wait: { status: 'waiting', amount: 1, unit: 'hours', clock: 'calendar' } }),
    );
    expect(fieldsOf(needless)).toEqual(['wait']);
  });

  it('reordering must name every rule once', async () => {
    const res = await call('PUT', '/rules/order', admin, { ids: [999] });
    expect(fieldsOf(res)).toEqual(['ids']);
  });

  it('a preview lists the tickets a rule would touch now and counts them, changing nothing', async () => {
    const match = await createTicket(hd, { subject: 'Refund for order 12' });
    await createTicket(hd, { subject: 'Printer jams' });
    const rule = (
      await call('POST', '/rules/', admin, body('Refunds', { conditions: [{ field: 'subject', op: 'contains', values: ['refund'] }] }))
    ).json();
    const preview = await call('GET', `/rules/${rule.id}/preview`, admin);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({ count: 1, tickets: [{ id: match.id, number: match.number, subject: 'Refund for order 12' }] });
    expect((await hd.ctx.db.selectFrom('rule_firings').select('id').execute()).length).toBe(0);
    expect((await call('GET', `/rules/${rule.id}/preview`, agent)).statusCode).toBe(403);
    await call('DELETE', `/rules/${rule.id}`, admin);
  });
});
