import { beforeEach, expect, it } from 'vitest';
import { updateSettings } from '../../settings/settings.js';
import { countRows, relaxIntakeLimits, setRegistration, ticketPayload } from '../../test/fixtures.js';
import { describeEachDatabase } from '../../test/test-databases.js';
import { useTestHelpdesk } from '../../test/test-helpdesk.js';
import { addUser } from '../people/add-user.js';
import { type FilingChannel, fileTicket } from './file-ticket.js';

// fileTicket answers every filing with a result the caller maps to its answer (201, 200, 202, 403,
// 429/503): nothing is steered by caught errors, and a refusal stores nothing.

const anonymous: FilingChannel = { via: 'api', actor: null };

describeEachDatabase('fileTicket: one operation for every way a ticket is filed', (dialect) => {
  const hd = useTestHelpdesk(dialect, { freshEach: true });
  beforeEach(async () => {
    await relaxIntakeLimits(hd.ctx);
    await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: true });
  });
  const file = (channel: FilingChannel, overrides: Record<string, unknown> = {}, ip = '192.0.2.7') => {
    const { name, email, subject, description } = ticketPayload(overrides);
    const idempotencyKey = overrides.idempotencyKey as string | undefined;
    return fileTicket(hd.ctx, hd.counters, { channel, ip, ticket: { name, email: String(email), subject, description, idempotencyKey } });
  };
  const mailJobs = async () => (await hd.ctx.db.selectFrom('jobs').select('kind').execute()).filter((j) => j.kind !== 'ticket_created');

  it('created, then duplicate for the same idempotency key and email', async () => {
    const first = await file(anonymous, { email: 'same@client.test', idempotencyKey: 'key-123456' });
    expect(first).toMatchObject({ kind: 'created', ticket: { isNew: true, status: 'open' } });
    const again = await file(anonymous, { email: 'same@client.test', idempotencyKey: 'key-123456' });
    expect(again.kind).toBe('duplicate');
    if (first.kind !== 'created' || again.kind !== 'duplicate') throw new Error('unexpected kinds');
    expect(again.ticket.id).toBe(first.ticket.id);
  });

  it('refused (403 REGISTRATION_CLOSED) for an unknown email when no account may be created; nothing stored', async () => {
    await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: false });
    const before = await countRows(hd.ctx);
    const result = await file(anonymous, { email: 'stranger@client.test' });
    expect(result.kind).toBe('refused');
    if (result.kind !== 'refused') throw new Error('not refused');
    expect(result.problem).toMatchObject({ code: 'REGISTRATION_CLOSED', status: 403 });
    expect(await countRows(hd.ctx)).toEqual(before);
  });

  it('received with the privacy option: the same answer for a filed ticket and for an access mail', async () => {
    await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: false });
    await updateSettings(hd.ctx, { tickets: { hide_account_existence: true } });
    await addUser(hd.ctx, { email: 'known@client.test', name: 'Known', role: 'client' });
    expect(await file(anonymous, { email: 'known@client.test' })).toEqual({ kind: 'received' });
    expect(await file(anonymous, { email: 'stranger@client.test' })).toEqual({ kind: 'received' });
    const tickets = await hd.ctx.db.selectFrom('posts').select('id').where('type', '=', 'ticket').execute();
    expect(tickets).toHaveLength(1);
    expect((await mailJobs()).length).toBe(1);
    expect(await hd.ctx.db.selectFrom('users').select('email').where('email', '=', 'stranger@client.test').execute()).toEqual([]);
  });

  it('limited (429 with Retry-After) over the intake limits; staff are never limited', async () => {
    await updateSettings(hd.ctx, { tickets: { limit_email_hour: 1 } });
    expect((await file(anonymous, { email: 'busy@client.test' })).kind).toBe('created');
    const before = await countRows(hd.ctx);
    const limited = await file(anonymous, { email: 'busy@client.test' });
    expect(limited.kind).toBe('limited');
    if (limited.kind !== 'limited') throw new Error('not limited');
    expect(limited.problem).toMatchObject({ code: 'RATE_LIMITED', status: 429 });
    expect(Number(limited.problem.headers['retry-after'])).toBeGreaterThan(0);
    expect(await countRows(hd.ctx)).toEqual(before);
    const agent = await addUser(hd.ctx, { email: 'agent@staff.test', name: 'Agent', role: 'agent' });
    expect((await file({ via: 'api', actor: { id: agent.id, role: 'agent' } }, { email: 'busy@client.test' })).kind).toBe('created');
  });

  it(
    "the help site's form: counted per signed-in account, never given the " + "privacy answer, not stopped by the widget's switch alone",
    async () => {
      await updateSettings(hd.ctx, { tickets: { hide_account_existence: true, intake_enabled: false, limit_client_tickets_hour: 1 } });
      const client = await addUser(hd.ctx, { email: 'site@client.test', name: 'Site', role: 'client' });
      const site: FilingChannel = { via: 'site', userId: client.id };
      expect((await file(site, { email: client.email })).kind).toBe('created');
      const limited = await file(site, { email: client.email });
      expect(limited).toMatchObject({ kind: 'limited', problem: { code: 'RATE_LIMITED' } });
      await updateSettings(hd.ctx, { tickets: { intake_stops_site_form: true } });
      expect(await file(site, { email: client.email })).toMatchObject({
        kind: 'limited',
        problem: { code: 'INTAKE_OFFLINE', status: 503 },
      });
    },
  );
});
