import { beforeAll, expect, it } from 'vitest';
import { relaxIntakeLimits, setRegistration } from '../../../test/fixtures.js';
import { describeEachDatabase } from '../../../test/test-databases.js';
import { useTestHelpdesk } from '../../../test/test-helpdesk.js';

type Headers = Record<string, string>;
const NOW = new Date('2026-12-04T16:30:00.000Z');

describeEachDatabase('service-level policies: admins list, add, replace, reorder, delete and preview them', (dialect) => {
  const hd = useTestHelpdesk(dialect);
  let agent: Headers;
  let admin: Headers;
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers = {}, payload?: object) =>
    hd.app.inject({ method, url: `/api/helpdesk/v1${url}`, headers, payload });
  const body = (name: string, extra: object = {}) => ({ name, targets: [{ urgency: null, first_reply: 60, resolution: 480 }], ...extra });

  beforeAll(async () => {
    hd.ctx.now = () => NOW;
    await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: true });
    await relaxIntakeLimits(hd.ctx);
    [agent, admin] = await Promise.all([hd.authAs('agent'), hd.authAs('admin')]);
  });

  it('an admin adds policies after each other with their defaults, replaces one, reorders and deletes them', async () => {
    const first = await call('POST', '/sla-policies/', admin, body('Standard'));
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers.location).toBe(`/api/helpdesk/v1/sla-policies/${first.json().id}`);
    expect(first.json()).toMatchObject({
      name: 'Standard',
      position: 1,
      pause_statuses: [],
      warn_before_minutes: 15,
      conditions: {},
    });
    const second = (await call('POST', '/sla-policies/', admin, body('Mail', { conditions: { channel: ['mail'] } }))).json();
    expect(second.position).toBe(2);
    const replaced = await call('PUT', `/sla-policies/${second.id}`, admin, body('Mail only', { warn_before_minutes: 30 }));
    expect(replaced.json()).toMatchObject({ name: 'Mail only', position: 2, warn_before_minutes: 30 });
    const order = await call('PUT', '/sla-policies/order', admin, { ids: [second.id, first.json().id] });
    expect(order.json().map((p: { name: string }) => p.name)).toEqual(['Mail only', 'Standard']);
    expect((await call('DELETE', `/sla-policies/${second.id}`, admin)).statusCode).toBe(204);
    expect((await call('GET', `/sla-policies/${second.id}`, admin)).json()).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    expect((await call('GET', '/sla-policies/', admin)).json().map((p: { name: string }) => p.name)).toEqual(['Standard']);
    await call('DELETE', `/sla-policies/${first.json().id}`, admin);
  });

  it('agents may not read or change policies', async () => {
    expect((await call('GET', '/sla-policies/', agent)).statusCode).toBe(403);
    expect((await call('POST', '/sla-policies/', agent, body('Mine'))).statusCode).toBe(403);
    expect((await call('GET', '/sla-policies/')).statusCode).toBe(401);
  });

  it('a refusal is a problem naming the field and what to do', async () => {
    const fieldsOf = (res: { json(): { errors?: { field: string }[] } }) => res.json().errors?.map((e) => e.field);
    const twice = await call('POST', '/sla-policies/', admin, {
      name: 'Twice',
      targets: [
        { urgency: null, first_reply: 60 },
        { urgency: null, resolution: 60 },
      ],
    });
    expect(twice.statusCode).toBe(400);
    expect(fieldsOf(twice)).toEqual(['targets.1.urgency']);
    expect(twice.json().detail).toContain('keep one row per urgency');
    const empty = await call('POST', '/sla-policies/', admin, { name: 'Empty', targets: [{ urgency: null }] });
    expect(fieldsOf(empty)).toEqual(['targets.0']);
    const status = await call('POST', '/sla-policies/', admin, body('Paused', { pause_statuses: ['on-hold'] }));
    expect(fieldsOf(status)).toEqual(['pause_statuses.0']);
    expect(status.json().detail).toContain('GET /api/helpdesk/v1/tickets/statuses/');
    const finished = await call('POST', '/sla-policies/', admin, body('Paused', { pause_statuses: ['resolved'] }));
    expect(fieldsOf(finished)).toEqual(['pause_statuses.0']);
    const blank = await call('POST', '/sla-policies/', admin, body(' '));
    expect(blank.statusCode).toBe(400);
    const order = await call('PUT', '/sla-policies/order', admin, { ids: [999] });
    expect(fieldsOf(order)).toEqual(['ids']);
    const german = await call(
      'POST',
      '/sla-policies/',
      { ...admin, 'accept-language': 'de' },
      body('Paused', { pause_statuses: ['on-hold'] }),
    );
    expect(german.json().detail).toContain('Status-Slugs');
  });

  it('the preview tells when a ticket filed now would be due, under the saved policies or a draft', async () => {
    const saved = (await call('POST', '/sla-policies/', admin, body('Widget', { conditions: { channel: ['widget'] } }))).json();
    const preview = await call('POST', '/sla-policies/preview', admin, { ticket: { channel: 'widget' } });
    expect(preview.json()).toEqual({
      policy: { id: saved.id, name: 'Widget' },
      filed_at: NOW.toISOString(),
      targets: [
        { metric: 'first_reply', minutes: 60, due_at: '2026-12-04T17:30:00.000Z' },
        { metric: 'resolution', minutes: 480, due_at: '2026-12-05T00:30:00.000Z' },
      ],
    });
    expect((await call('POST', '/sla-policies/preview', admin, { ticket: { channel: 'mail' } })).json().policy).toBeNull();
    const draft = await call('POST', '/sla-policies/preview', admin, {
      ticket: {},
      policy: { name: 'Draft', targets: [{ urgency: null, first_reply: 15, next_reply: 30 }] },
    });
    expect(draft.json()).toMatchObject({
      policy: { id: null, name: 'Draft' },
      targets: [
        { metric: 'first_reply', due_at: '2026-12-04T16:45:00.000Z' },
        { metric: 'next_reply', minutes: 30, due_at: null },
      ],
    });
    await call('DELETE', `/sla-policies/${saved.id}`, admin);
  });

  it('an agent reads the ticket’s policy and targets on the ticket', async () => {
    const policy = (await call('POST', '/sla-policies/', admin, body('Everyone'))).json();
    const filed = await call(
      'POST',
      '/tickets/',
      {},
      { name: 'Ann', email: 'ann-sla@client.test', subject: 'Help', description: 'It broke.' },
    );
    expect(filed.statusCode, filed.body).toBe(201);
    const ticket = (await call('GET', `/tickets/${filed.json().id}`, agent)).json();
    expect(ticket.sla).toEqual({
      policy: { id: policy.id, name: 'Everyone' },
      targets: [
        {
          metric: 'first_reply',
          due_at: '2026-12-04T17:30:00.000Z',
          status: 'active',
          met_at: null,
          breached_at: null,
          business_seconds_used: 0,
        },
        {
          metric: 'resolution',
          due_at: '2026-12-05T00:30:00.000Z',
          status: 'active',
          met_at: null,
          breached_at: null,
          business_seconds_used: 0,
        },
      ],
    });
    // Past the first reply's due time nothing changes the version, yet the ticket reads otherwise: no 304 then.
    const read = await call('GET', `/tickets/${filed.json().id}`, agent);
    const etag = String(read.headers.etag);
    expect((await call('GET', `/tickets/${filed.json().id}`, { ...agent, 'if-none-match': etag })).statusCode).toBe(304);
    hd.ctx.now = () => new Date(NOW.getTime() + 61 * 60_000);
    try {
      const late = await call('GET', `/tickets/${filed.json().id}`, { ...agent, 'if-none-match': etag });
      expect(late.statusCode).toBe(200);
      expect(late.json().sla.targets[0]).toMatchObject({ metric: 'first_reply', status: 'breached' });
    } finally {
      hd.ctx.now = () => NOW;
    }
    await call('DELETE', `/sla-policies/${policy.id}`, admin);
  });

  it('a policy counts on its business hours: Friday 16:30 + 60 min on the default Mon–Fri 09:00–17:00 is Monday 09:30', async () => {
    const hours = (await call('GET', '/business-hours/', admin)).json() as Array<{ id: number; is_default: boolean }>;
    const standard = hours.find((h) => h.is_default);
    expect(standard).toBeDefined();
    // The site's zone is UTC here; NOW is Friday 4 December 2026, 16:30.
    const policy = (await call('POST', '/sla-policies/', admin, body('Office hours', { business_hours_id: standard?.id }))).json();
    const preview = (await call('POST', '/sla-policies/preview', admin, { ticket: {} })).json();
    expect(preview.targets[0]).toMatchObject({ metric: 'first_reply', due_at: '2026-12-07T09:30:00.000Z' });

    const inUse = await call('DELETE', `/business-hours/${standard?.id}`, admin);
    expect(inUse.statusCode).toBe(409);
    const other = await call('POST', '/business-hours/', admin, {
      name: 'Weekend desk',
      time_zone: 'UTC',
      week: [[{ start: '10:00', end: '14:00' }], [], [], [], [], [], [{ start: '10:00', end: '14:00' }]],
    });
    expect(other.statusCode, other.body).toBe(201);
    await call('PUT', `/sla-policies/${policy.id}`, admin, body('Office hours', { business_hours_id: other.json().id }));
    const blocked = await call('DELETE', `/business-hours/${other.json().id}`, admin);
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().detail).toContain('Office hours');
    await call('DELETE', `/sla-policies/${policy.id}`, admin);
    expect((await call('DELETE', `/business-hours/${other.json().id}`, admin)).statusCode).toBe(204);

    const unknown = await call('POST', '/sla-policies/', admin, body('Nowhere', { business_hours_id: 99_999 }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors.map((e: { field: string }) => e.field)).toEqual(['business_hours_id']);
  });
});
