import { beforeAll, describe, expect, it } from 'vitest';
import { receiveMail } from '../../../mail-inbound/receive-mail.js';
import { updateSettings } from '../../../settings/settings.js';
import { composeMail } from '../../../test/compose-mail.js';
import { createAgent, createClient, createTicket, sessionHeaders, signedInBrowser, type TestUser } from '../../../test/factories.js';
import { relaxIntakeLimits, setRegistration } from '../../../test/fixtures.js';
import { describeEachDatabase } from '../../../test/test-databases.js';
import { useTestHelpdesk } from '../../../test/test-helpdesk.js';

type Headers = Record<string, string>;
const SUPPORT = 'support@contacts.test';

describeEachDatabase('clients and organisations: addresses, merge, domains, sharing', (dialect) => {
  const hd = useTestHelpdesk(dialect);
  let agent: TestUser;
  let n = 0;
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, headers: Headers = {}, payload?: object) =>
    hd.app.inject({ method, url: `/api/helpdesk/v1${url}`, headers, payload });
  const unique = (name: string) => `${name}-${++n}-${dialect}`;
  const receive = (raw: string) => receiveMail({ ctx: hd.ctx, config: hd.config, counters: hd.counters }, raw, 'pipe');
  const mailFrom = async (from: string, subject: string) =>
    receive(await composeMail({ from, to: SUPPORT, subject, text: 'Hello.', messageId: `<${unique('m')}@contacts.test>` }));
  const authorOf = async (ticketId: number) =>
    (await hd.ctx.db.selectFrom('posts').select('author_id').where('id', '=', ticketId).executeTakeFirstOrThrow()).author_id;
  const organisationOf = async (userId: number) =>
    (await hd.ctx.db.selectFrom('users').select('organisation_id').where('id', '=', userId).executeTakeFirstOrThrow()).organisation_id;
  const addOrganisation = async (body: object) => {
    const res = await call('POST', '/organisations/', agent.headers, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number };
  };

  beforeAll(async () => {
    await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: true });
    await relaxIntakeLimits(hd.ctx);
    await updateSettings(hd.ctx, { emails: { support_address: SUPPORT } });
    agent = await createAgent(hd);
  });

  it('mail from a client’s other address files the ticket for that client', async () => {
    const client = await createClient(hd);
    const other = `${unique('other')}@elsewhere.test`;
    expect((await call('POST', `/clients/${client.id}/addresses`, agent.headers, { address: other.toUpperCase() })).statusCode).toBe(200);
    const result = await mailFrom(other, 'From my other address');
    expect(result).toMatchObject({ kind: 'imported' });
    expect(await authorOf((result as { ticketId: number }).ticketId)).toBe(client.id);
  });

  it('the widget’s filing from a client’s other address is that client’s ticket', async () => {
    const client = await createClient(hd);
    const other = `${unique('widget')}@elsewhere.test`;
    await call('POST', `/clients/${client.id}/addresses`, agent.headers, { address: other });
    const ticket = await createTicket(hd, { email: other });
    expect(await authorOf(ticket.id)).toBe(client.id);
  });

  it('an address that is another account’s is refused with a problem naming the field, and nothing changes', async () => {
    const [a, b] = await Promise.all([createClient(hd), createClient(hd)]);
    const res = await call('POST', `/clients/${a.id}/addresses`, agent.headers, { address: b.email });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe('address');
    expect((await call('GET', `/clients/${a.id}`, agent.headers)).json().addresses).toEqual([]);
  });

  it('after a merge, later mail from the merged client’s address files for the survivor', async () => {
    const [survivor, merged] = await Promise.all([createClient(hd), createClient(hd)]);
    const old = await createTicket(hd, { email: merged.email });
    const res = await call('POST', `/clients/${survivor.id}/merge`, agent.headers, { source_id: merged.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().addresses).toContain(merged.email);
    expect(await authorOf(old.id)).toBe(survivor.id);
    const later = await mailFrom(merged.email, 'After the merge');
    expect(await authorOf((later as { ticketId: number }).ticketId)).toBe(survivor.id);
  });

  it('a merge ends the merged account’s sessions and API tokens, and disables it', async () => {
    const [survivor, merged] = await Promise.all([createClient(hd), createClient(hd)]);
    const session = await sessionHeaders(hd, merged.id);
    expect((await call('GET', '/tickets/', merged.headers)).statusCode).toBe(200);
    expect((await call('GET', '/tickets/', session)).statusCode).toBe(200);
    await call('POST', `/clients/${survivor.id}/merge`, agent.headers, { source_id: merged.id });
    expect((await call('GET', '/tickets/', merged.headers)).statusCode).toBe(401);
    expect((await call('GET', '/tickets/', session)).statusCode).toBe(401);
    const row = await hd.ctx.db
      .selectFrom('users')
      .select(['disabled_at', 'merged_into_id'])
      .where('id', '=', merged.id)
      .executeTakeFirstOrThrow();
    expect(row.disabled_at).not.toBeNull();
    expect(row.merged_into_id).toBe(survivor.id);
  });

  it('a client is not merged into themselves', async () => {
    const client = await createClient(hd);
    expect((await call('POST', `/clients/${client.id}/merge`, agent.headers, { source_id: client.id })).statusCode).toBe(409);
  });

  it('a new client from an organisation’s domain joins it, whatever the case of the address', async () => {
    const domain = `${unique('acme')}.test`;
    const org = await addOrganisation({ name: 'Acme', domains: [domain.toUpperCase()] });
    const ticket = await createTicket(hd, { email: `Jo@${domain.toUpperCase()}` });
    expect(await organisationOf((await authorOf(ticket.id)) as number)).toBe(org.id);
  });

  it('a new client from a sub-domain of a listed domain does not join (the domain matches exactly)', async () => {
    const domain = `${unique('exact')}.test`;
    await addOrganisation({ name: 'Exact', domains: [domain] });
    const ticket = await createTicket(hd, { email: `jo@mail.${domain}` });
    expect(await organisationOf((await authorOf(ticket.id)) as number)).toBeNull();
  });

  it('a domain another organisation lists is refused with a problem naming it', async () => {
    const domain = `${unique('taken')}.test`;
    await addOrganisation({ name: 'First', domains: [domain] });
    const res = await call('POST', '/organisations/', agent.headers, { name: 'Second', domains: ['ok.test', domain] });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe('domains.1');
    const names = ((await call('GET', '/organisations/', agent.headers)).json() as Array<{ name: string }>).map((o) => o.name);
    expect(names).not.toContain('Second');
  });

  it('the organisation’s page counts its clients and tickets, and the inbox filters by it', async () => {
    const domain = `${unique('count')}.test`;
    const org = await addOrganisation({ name: 'Counted', domains: [domain] });
    const ticket = await createTicket(hd, { email: `a@${domain}` });
    await createTicket(hd, { email: `b@${domain}` });
    await createTicket(hd);
    expect((await call('GET', `/organisations/${org.id}`, agent.headers)).json()).toMatchObject({ clients: 2, tickets: 2 });
    const inbox = await call('GET', `/tickets/?organisation=${org.id}`, agent.headers);
    expect((inbox.json().tickets as Array<{ id: number }>).map((t) => t.id)).toContain(ticket.id);
    expect(inbox.json().total).toBe(2);
  });

  it('staff notes are never sent to a client: the profile is staff-only', async () => {
    const client = await createClient(hd);
    await call('PATCH', `/clients/${client.id}`, agent.headers, { notes: 'Secret staff note', attributes: { plan: 'gold' } });
    expect((await call('GET', `/clients/${client.id}`, agent.headers)).json()).toMatchObject({
      notes: 'Secret staff note',
      attributes: { plan: 'gold' },
    });
    const own = await call('GET', `/clients/${client.id}`, client.headers);
    expect(own.statusCode).toBe(403);
    expect(own.body).not.toContain('Secret staff note');
    const ticket = await createTicket(hd, { email: client.email });
    expect((await call('GET', `/tickets/${ticket.id}`, client.headers)).body).not.toContain('Secret staff note');
  });

  describe('organisation sharing on the help site and the API', () => {
    let colleague: TestUser;
    let outsider: TestUser;
    let ticketId: number;
    let ticketNumber: number;
    beforeAll(async () => {
      const domain = `${unique('share')}.test`;
      const other = `${unique('other-org')}.test`;
      await addOrganisation({ name: 'Sharing', domains: [domain] });
      await addOrganisation({ name: 'Outsiders', domains: [other] });
      const author = await createClient(hd, { email: `author@${domain}` });
      colleague = await createClient(hd, { email: `colleague@${domain}` });
      outsider = await createClient(hd, { email: `outsider@${other}` });
      expect(await organisationOf(author.id)).not.toBeNull();
      const filed = await createTicket(hd, { email: author.email, subject: 'Shared printer jams' });
      ticketId = filed.id;
      ticketNumber = filed.number;
    });
    const setSharing = (on: boolean) => updateSettings(hd.ctx, { tickets: { organisation_sharing: on } });

    it('is off by default: a colleague does not read another client’s ticket', async () => {
      await setSharing(false);
      expect((await call('GET', `/tickets/${ticketId}`, colleague.headers)).statusCode).toBe(404);
    });

    it('turned on, a colleague of the same organisation reads the ticket and sees it in their list', async () => {
      await setSharing(true);
      expect((await call('GET', `/tickets/${ticketId}`, colleague.headers)).statusCode).toBe(200);
      const list = await call('GET', '/tickets/', colleague.headers);
      expect((list.json().tickets as Array<{ id: number }>).map((t) => t.id)).toContain(ticketId);
      await setSharing(false);
    });

    it('on the help site, a colleague reads the thread only while sharing is on', async () => {
      const browser = await signedInBrowser(hd, colleague.id);
      await setSharing(false);
      expect((await browser.get(`/tickets/?ticket=${ticketNumber}`)).statusCode).toBe(404);
      await setSharing(true);
      const page = await browser.get(`/tickets/?ticket=${ticketNumber}`);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('Shared printer jams');
      expect((await browser.get('/tickets/')).body).toContain('Shared printer jams');
      await setSharing(false);
    });

    it('on the help site, a client of another organisation never reads it, sharing on', async () => {
      await setSharing(true);
      const browser = await signedInBrowser(hd, outsider.id);
      expect((await browser.get(`/tickets/?ticket=${ticketNumber}`)).statusCode).toBe(404);
      expect((await browser.get('/tickets/')).body).not.toContain('Shared printer jams');
      await setSharing(false);
    });

    it('turned on, a client of another organisation still never reads it', async () => {
      await setSharing(true);
      expect((await call('GET', `/tickets/${ticketId}`, outsider.headers)).statusCode).toBe(404);
      const list = await call('GET', '/tickets/', outsider.headers);
      expect((list.json().tickets as Array<{ id: number }>).map((t) => t.id)).not.toContain(ticketId);
      await setSharing(false);
    });
  });
});
