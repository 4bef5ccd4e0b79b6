// The audit log (issue 41 item 4): each recorded action, with who, when and from which address; secrets masked;
// the actor's name kept after the account is deleted; filters, the cursor and the CSV export; and no route that writes.
import { beforeAll, expect, it } from 'vitest';
import { updateSettings } from '../../../settings/settings.js';
import {
  createAdmin,
  createAgent,
  createTicketWithLink,
  signInToApi,
  signInToSite,
  signInWithLink,
  type TestUser,
} from '../../../test/factories.js';
import { relaxIntakeLimits, setRegistration } from '../../../test/fixtures.js';
import { memoryMail } from '../../../test/site-client.js';
import { describeEachDatabase } from '../../../test/test-databases.js';
import { useTestHelpdesk } from '../../../test/test-helpdesk.js';

type Headers = Record<string, string>;
interface Entry {
  id: number;
  at: string;
  actor: { id: number | null; name: string; role: string | null };
  ip: string | null;
  action: string;
  target: { type: string | null; id: string | null; label: string };
  details: Record<string, any>;
}

describeEachDatabase('the audit log', (dialect) => {
  const hd = useTestHelpdesk(dialect);
  let admin: TestUser;
  let agent: TestUser;
  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    headers: Headers = {},
    payload?: object,
    remoteAddress?: string,
  ) => hd.app.inject({ method, url: `/api/helpdesk/v1${url}`, headers, payload, remoteAddress });
  /** The entries the filters match, newest first. */
  const siteOptions = (headers: Headers, payload: object) =>
    hd.app.inject({ method: 'PATCH', url: '/api/site/v1/options', headers, payload });
  const entries = async (query = ''): Promise<Entry[]> => {
    const res = await call('GET', `/audit-log?limit=200${query}`, admin.headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().entries;
  };
  const latest = async (action: string) => (await entries(`&action=${action}`))[0] as Entry;

  beforeAll(async () => {
    await relaxIntakeLimits(hd.ctx);
    await setRegistration(hd.ctx, { anyoneCanRegister: true, createAccounts: true });
    await updateSettings(hd.ctx, { tickets: { webhook_allowed_hosts: '127.0.0.1' } });
    admin = await createAdmin(hd, { name: 'Ada Admin', email: 'ada@staff.test' });
    agent = await createAgent(hd, { name: 'Otto Agent', email: 'otto@staff.test', password: 'correct horse battery' });
  });

  it('records a password sign-in with who signed in, how and from which address', async () => {
    const res = await signInToApi(hd, 'otto@staff.test', 'correct horse battery', '203.0.113.7');
    expect(res.statusCode, res.body).toBe(200);
    const entry = await latest('auth.sign_in');
    expect(entry).toMatchObject({
      actor: { id: agent.id, name: 'Otto Agent <otto@staff.test>', role: 'agent' },
      ip: '203.0.113.7',
      target: { type: 'user', id: String(agent.id) },
      details: { method: 'password' },
    });
    expect(Date.now() - Date.parse(entry.at)).toBeLessThan(60_000);
  });

  it('records a failed sign-in with the email typed and the address, never the password', async () => {
    const res = await signInToApi(hd, 'Otto@Staff.test', 'wrong password typed', '198.51.100.9');
    expect(res.statusCode).toBe(401);
    const entry = await latest('auth.sign_in_failed');
    expect(entry).toMatchObject({
      actor: { id: null, name: '' },
      ip: '198.51.100.9',
      target: { label: 'otto@staff.test' },
      details: { email: 'otto@staff.test', reason: 'wrong_password' },
    });
    const rows = await hd.ctx.db.selectFrom('audit_log').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain('wrong password typed');
  });

  it('records a failed sign-in on the help site too', async () => {
    await updateSettings(hd.ctx, { login: { method: 'both' } });
    await signInToSite(hd, 'nobody@client.test', 'a guess');
    expect(await latest('auth.sign_in_failed')).toMatchObject({
      target: { label: 'nobody@client.test' },
      details: { reason: 'wrong_password' },
    });
  });

  it('records a sign-in with a mailed link as such', async () => {
    const mail = memoryMail(hd);
    const ticket = await createTicketWithLink(hd, mail, { email: 'linda@client.test', name: 'Linda' });
    const { res } = await signInWithLink(hd, ticket.link);
    expect(res.statusCode).toBe(303);
    expect(await latest('auth.sign_in')).toMatchObject({
      actor: { name: 'Linda <linda@client.test>', role: 'client' },
      details: { method: 'link' },
    });
  });

  it('records a settings change as old → new, and a secret only as set or empty', async () => {
    const res = await call(
      'PATCH',
      '/settings',
      admin.headers,
      { ai: { api_key: 'sk-very-secret-value', model: 'gpt-test' } },
      '192.0.2.44',
    );
    expect(res.statusCode, res.body).toBe(200);
    const entry = await latest('settings.changed');
    expect(entry).toMatchObject({ actor: { id: admin.id, name: 'Ada Admin <ada@staff.test>', role: 'admin' }, ip: '192.0.2.44' });
    expect(entry.details.changes['ai.api_key']).toEqual({ old: '', new: '••••' });
    expect(entry.details.changes['ai.model'].new).toBe('gpt-test');
    const rows = await hd.ctx.db.selectFrom('audit_log').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain('sk-very-secret-value');
  });

  it('records nothing for a settings save that changes nothing', async () => {
    const before = (await entries('&action=settings')).length;
    // The mask is what GET shows for a set secret: sent back, it keeps the secret.
    await call('PATCH', '/settings', admin.headers, { ai: { api_key: '••••••••', model: 'gpt-test' } });
    expect(await entries('&action=settings')).toHaveLength(before);
  });

  it('records a site option change', async () => {
    const res = await siteOptions(admin.headers, { site_name: 'Audited Desk' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await latest('settings.changed')).details.changes.site_name).toMatchObject({ new: 'Audited Desk' });
  });

  it('records a role change with the old and new role', async () => {
    const other = await createAgent(hd, { name: 'Rita Role' });
    expect((await call('PATCH', `/users/${other.id}`, admin.headers, { role: 'admin' })).statusCode).toBe(200);
    expect(await latest('user.role_changed')).toMatchObject({
      target: { type: 'user', id: String(other.id), label: expect.stringContaining('Rita Role') },
      details: { changes: { role: { old: 'agent', new: 'admin' } } },
    });
  });

  it('records disabling and enabling an account', async () => {
    const other = await createAgent(hd, { name: 'Dora Disabled' });
    expect((await call('POST', `/users/${other.id}/disable`, admin.headers)).statusCode).toBe(200);
    expect((await call('POST', `/users/${other.id}/enable`, admin.headers)).statusCode).toBe(200);
    expect(await latest('user.disabled')).toMatchObject({
      target: { id: String(other.id), label: expect.stringContaining('Dora Disabled') },
    });
    expect(await latest('user.enabled')).toMatchObject({ actor: { id: admin.id }, target: { id: String(other.id) } });
  });

  it('records creating and revoking an API token, never the token', async () => {
    const created = (await call('POST', '/tokens/', admin.headers, { name: 'Audited sync', user_id: agent.id })).json();
    expect((await call('DELETE', `/tokens/${created.id}`, admin.headers)).statusCode).toBe(204);
    expect(await latest('api_token.created')).toMatchObject({ target: { id: String(created.id), label: 'Audited sync' } });
    expect(await latest('api_token.revoked')).toMatchObject({ target: { id: String(created.id), label: 'Audited sync' } });
    const rows = await hd.ctx.db.selectFrom('audit_log').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(created.token);
  });

  it('records webhook changes with the URL path and the secret masked', async () => {
    const url = 'http://127.0.0.1:9/hooks/path-secret';
    const created = (await call('POST', '/webhooks/', admin.headers, { url, events: ['ticket.created'], description: 'CRM' })).json();
    await call('PUT', `/webhooks/${created.id}`, admin.headers, { url, events: ['ticket.created', 'ticket.updated'], description: 'CRM' });
    const rotated = (await call('POST', `/webhooks/${created.id}/rotate-secret`, admin.headers)).json();
    expect((await call('DELETE', `/webhooks/${created.id}`, admin.headers)).statusCode).toBe(204);
    const made = await latest('webhook.created');
    expect(made).toMatchObject({ target: { id: String(created.id), label: 'CRM' } });
    expect(made.details.changes.url).toEqual({ old: null, new: 'http://127.0.0.1:9/••••' });
    expect((await latest('webhook.updated')).details.changes).toEqual({
      events: { old: ['ticket.created'], new: ['ticket.created', 'ticket.updated'] },
    });
    expect((await latest('webhook.secret_rotated')).details.changes.secret).toEqual({ old: '••••', new: '••••' });
    expect(await latest('webhook.deleted')).toMatchObject({ target: { id: String(created.id) } });
    const log = JSON.stringify(await hd.ctx.db.selectFrom('audit_log').selectAll().execute());
    for (const secret of [created.secret, rotated.secret, 'path-secret']) expect(log).not.toContain(secret);
  });

  it('records rule changes: created, updated with old → new, reordered and deleted', async () => {
    const rule = (n: string) => ({ name: n, trigger: 'ticket.updated', actions: [{ type: 'add_tags', tags: ['seen'] }] });
    const first = (await call('POST', '/rules/', admin.headers, rule('Audit first'))).json();
    const second = (await call('POST', '/rules/', admin.headers, rule('Audit second'))).json();
    await call('PUT', `/rules/${first.id}`, admin.headers, { ...rule('Audit first'), enabled: false });
    const ids = ((await call('GET', '/rules/', admin.headers)).json() as Array<{ id: number }>).map((r) => r.id).reverse();
    expect((await call('PUT', '/rules/order', admin.headers, { ids })).statusCode).toBe(200);
    expect((await call('DELETE', `/rules/${second.id}`, admin.headers)).statusCode).toBe(204);
    expect(await latest('rule.created')).toMatchObject({ target: { id: String(second.id), label: 'Audit second' } });
    expect((await latest('rule.updated')).details.changes).toEqual({ enabled: { old: true, new: false } });
    expect((await latest('rule.reordered')).details.changes.order.new[0]).toBe('Audit second');
    expect(await latest('rule.deleted')).toMatchObject({ target: { id: String(second.id), label: 'Audit second' } });
  });

  it('records service-level policy changes: created, updated with old → new, reordered and deleted', async () => {
    const body = (name: string, first_reply = 60) => ({ name, targets: [{ urgency: null, first_reply, resolution: 480 }] });
    const first = (await call('POST', '/sla-policies/', admin.headers, body('Audit gold'))).json();
    const second = (await call('POST', '/sla-policies/', admin.headers, body('Audit silver'))).json();
    expect((await call('PUT', `/sla-policies/${first.id}`, admin.headers, body('Audit gold', 30))).statusCode).toBe(200);
    const ids = ((await call('GET', '/sla-policies/', admin.headers)).json() as Array<{ id: number }>).map((p) => p.id).reverse();
    expect((await call('PUT', '/sla-policies/order', admin.headers, { ids })).statusCode).toBe(200);
    expect((await call('DELETE', `/sla-policies/${second.id}`, admin.headers)).statusCode).toBe(204);
    expect(await latest('sla_policy.created')).toMatchObject({
      actor: { id: admin.id },
      target: { type: 'sla_policy', id: String(second.id), label: 'Audit silver' },
    });
    const updated = await latest('sla_policy.updated');
    expect(updated.target).toMatchObject({ id: String(first.id), label: 'Audit gold' });
    expect(Object.keys(updated.details.changes)).toEqual(['targets']);
    expect(updated.details.changes.targets.old[0]).toMatchObject({ first_reply: 60 });
    expect(updated.details.changes.targets.new[0]).toMatchObject({ first_reply: 30 });
    expect((await latest('sla_policy.reordered')).details.changes.order).toEqual({
      old: ['Audit gold', 'Audit silver'],
      new: ['Audit silver', 'Audit gold'],
    });
    expect(await latest('sla_policy.deleted')).toMatchObject({ target: { id: String(second.id), label: 'Audit silver' } });
  });

  it('records business-hours changes: created, updated with old → new, deleted', async () => {
    const day = [{ start: '09:00', end: '17:00' }];
    const week = [[], day, day, day, day, day, []];
    const made = await call('POST', '/business-hours/', admin.headers, { name: 'Audit office', week });
    expect(made.statusCode, made.body).toBe(201);
    const { id } = made.json();
    await call('PATCH', `/business-hours/${id}`, admin.headers, { name: 'Audit office', time_zone: 'Europe/Berlin' });
    expect((await call('DELETE', `/business-hours/${id}`, admin.headers)).statusCode).toBe(204);
    expect(await latest('business_hours.created')).toMatchObject({
      target: { type: 'business_hours', id: String(id), label: 'Audit office' },
    });
    expect((await latest('business_hours.updated')).details.changes).toEqual({ time_zone: { old: null, new: 'Europe/Berlin' } });
    expect(await latest('business_hours.deleted')).toMatchObject({ actor: { id: admin.id }, target: { id: String(id) } });
  });

  it('records an agent invitation and each one sent again', async () => {
    const added = await call('POST', '/users/', admin.headers, {
      email: 'ivy@staff.test',
      name: 'Ivy Invited',
      role: 'agent',
      invite: true,
    });
    expect(added.statusCode, added.body).toBe(201);
    const { id } = added.json();
    expect(await latest('user.invited')).toMatchObject({
      actor: { id: admin.id },
      target: { type: 'user', id: String(id), label: 'Ivy Invited <ivy@staff.test>' },
      details: { role: 'agent', again: false },
    });
    expect((await call('POST', `/users/${id}/invitation`, admin.headers)).statusCode).toBe(200);
    expect((await latest('user.invited')).details).toEqual({ role: 'agent', again: true });
  });

  it('keeps the actor’s name after the account is deleted', async () => {
    const gone = await createAdmin(hd, { name: 'Gina Gone', email: 'gina@staff.test' });
    expect((await siteOptions(gone.headers, { site_name: 'Named by Gina' })).statusCode).toBe(200);
    await hd.ctx.db.deleteFrom('api_tokens').where('user_id', '=', gone.id).execute();
    await hd.ctx.db.deleteFrom('users').where('id', '=', gone.id).execute();
    const entry = (await entries('&q=site_name')).find((e) => e.details.changes?.site_name?.new === 'Named by Gina');
    expect(entry?.actor).toEqual({ id: null, name: 'Gina Gone <gina@staff.test>', role: 'admin' });
  });

  it('filters by action kind, actor, days and words in the target, and pages with a cursor', async () => {
    expect((await entries('&action=auth')).every((e) => e.action.startsWith('auth.'))).toBe(true);
    expect((await entries(`&actor_id=${admin.id}`)).every((e) => e.actor.id === admin.id)).toBe(true);
    expect((await entries('&q=AUDIT%20second')).every((e) => e.target.label === 'Audit second')).toBe(true);
    expect(await entries('&to=2000-01-01')).toEqual([]);
    expect((await entries('&from=2000-01-01&to=2100-01-01')).length).toBe((await entries()).length);
    const all = await entries();
    const first = (await call('GET', '/audit-log?limit=2', admin.headers)).json();
    expect(first.entries.map((e: Entry) => e.id)).toEqual(all.slice(0, 2).map((e) => e.id));
    const next = (await call('GET', `/audit-log?limit=2&before=${first.next_before}`, admin.headers)).json();
    expect(next.entries.map((e: Entry) => e.id)).toEqual(all.slice(2, 4).map((e) => e.id));
  });

  it('refuses an unknown action or a bad date by field name', async () => {
    const res = await call('GET', '/audit-log?action=auth.sign&from=yesterday', admin.headers);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { field: string }) => e.field)).toEqual(['action']);
    const date = await call('GET', '/audit-log?from=2026-13-01', admin.headers);
    expect(date.json().errors.map((e: { field: string }) => e.field)).toEqual(['from']);
    const order = await call('GET', '/audit-log?from=2026-02-02&to=2026-02-01', admin.headers);
    expect(order.json().errors.map((e: { field: string }) => e.field)).toEqual(['from']);
  });

  it('is for admins only', async () => {
    expect((await call('GET', '/audit-log', agent.headers)).statusCode).toBe(403);
    expect((await call('GET', '/audit-log.csv', agent.headers)).statusCode).toBe(403);
    expect((await call('GET', '/audit-log')).statusCode).toBe(401);
  });

  it('has no route that writes, changes or deletes an entry', async () => {
    const id = (await entries())[0]?.id;
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const)
      for (const url of ['/audit-log', `/audit-log/${id}`]) {
        const res = await call(method, url, admin.headers, {});
        expect([404, 405], `${method} ${url}`).toContain(res.statusCode);
        expect(res.headers['content-type']).toContain('application/problem+json');
      }
    expect((await entries())[0]?.id).toBe(id);
  });

  it('exports the filtered log as CSV with cells that cannot start a formula', async () => {
    await call('POST', '/rules/', admin.headers, {
      name: '=HYPERLINK("http://evil.test")',
      trigger: 'ticket.updated',
      actions: [{ type: 'add_tags', tags: ['seen'] }],
    });
    const res = await call('GET', '/audit-log.csv?action=rule.created', admin.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('audit-log.csv');
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe('id,at,actor_id,actor_name,actor_role,ip,action,target_type,target_id,target_label,details');
    expect(lines.slice(1).every((line) => line.includes(',rule.created,'))).toBe(true);
    expect(lines[1], 'the newest first').toContain(`"'=HYPERLINK(""http://evil.test"")"`);
  });
});
