import { beforeAll, expect, it } from 'vitest';
import { createAdmin, createAgent, createClient, createTicket } from '../../../test/factories.js';
import { relaxIntakeLimits, setRegistration } from '../../../test/fixtures.js';
import { describeEachDatabase } from '../../../test/test-databases.js';
import { useTestHelpdesk } from '../../../test/test-helpdesk.js';

type Headers = Record<string, string>;

describeEachDatabase('two agents on one ticket: versions, 409 with what changed, and the activity log', (dialect) => {
  const hd = useTestHelpdesk(dialect);
  let alex: Headers;
  let blair: Headers;
  let alexName: string;
  let alexId: number;
  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, headers: Headers = {}, payload?: object) =>
    hd.app.inject({ method, url: `/api/helpdesk/v1${url}`, headers, payload });
  const open = async (id: number, who: Headers) => {
    const res = await call('GET', `/tickets/${id}`, who);
    expect(res.statusCode).toBe(200);
    return { etag: res.headers.etag as string, ticket: res.json() };
  };

  beforeAll(async () => {
    await relaxIntakeLimits(hd.ctx);
    await setRegistration(hd.ctx, { anyoneCanRegister: true, createAccounts: true });
    const [a, b] = await Promise.all([createAgent(hd), createAgent(hd)]);
    [alex, blair, alexName, alexId] = [a.headers, b.headers, a.name, a.id];
  });

  it("B's stale reply is refused with what A did, nothing is saved, and sending without a version still works", async () => {
    const { id } = await createTicket(hd);
    const seenByBlair = await open(id, blair);
    expect(seenByBlair.etag).toBe(`"${seenByBlair.ticket.version}"`);

    const aReply = await call('POST', `/tickets/${id}/comments`, { ...alex, 'if-match': seenByBlair.etag }, { text: 'Fixed it for you.' });
    expect(aReply.statusCode).toBe(201);
    const afterReply = await open(id, alex);
    const aClose = await call('PATCH', `/tickets/${id}`, alex, { status: 'closed', version: afterReply.ticket.version });
    expect(aClose.statusCode).toBe(200);
    expect(aClose.headers.etag).toBe(`"${aClose.json().version}"`);

    // A stale If-Match is a failed precondition (RFC 9110 §13.1.1), with the same account of what changed.
    const stale = await call('POST', `/tickets/${id}/comments`, { ...blair, 'if-match': seenByBlair.etag }, { text: 'Still looking.' });
    expect(stale.statusCode).toBe(412);
    expect(stale.headers['content-type']).toContain('application/problem+json');
    const problem = stale.json();
    expect(problem.code).toBe('PRECONDITION_FAILED');
    expect(problem.current_version).toBe(aClose.json().version);
    expect(problem.detail).toContain(`${alexName} replied`);
    expect(problem.detail).toContain(`${alexName} set the status to Closed`);
    // A's reply moved the ticket on its own (automatic), then A closed it.
    expect(problem.changes.map((c: { kind: string; to: string | null; automatic: boolean }) => [c.kind, c.to, c.automatic])).toEqual([
      ['reply', null, false],
      ['field', 'In Progress', true],
      ['field', 'Closed', false],
    ]);
    for (const change of problem.changes) expect(change.by.name).toBe(alexName);

    // Nothing of B's was saved: one comment, still Closed.
    const now = await open(id, blair);
    expect(now.ticket.comments.map((c: { text: string }) => c.text)).toEqual(['Fixed it for you.']);
    expect(now.ticket.status.slug).toBe('closed');

    // Without a version, today's behaviour: the reply is added and moves the ticket.
    const anyway = await call('POST', `/tickets/${id}/comments`, blair, { text: 'Still looking.' });
    expect(anyway.statusCode).toBe(201);
    expect(anyway.json().moved_to).toBe('in-progress');
  });

  it('a German agent reads the 409 with the seeded statuses and urgencies in German, and the owner’s own status as written', async () => {
    const admin = await createAdmin(hd);
    const added = await call('POST', '/statuses/', admin.headers, { name: 'Parked' });
    expect(added.statusCode).toBe(201);
    const { id } = await createTicket(hd);
    const seen = (await open(id, blair)).ticket.version;
    expect((await call('PATCH', `/tickets/${id}`, alex, { status: added.json().slug, urgency: 'high' })).statusCode).toBe(200);
    expect((await call('PATCH', `/tickets/${id}`, alex, { status: 'closed' })).statusCode).toBe(200);

    const stale = (headers: Headers) => call('PATCH', `/tickets/${id}`, { ...blair, ...headers }, { urgency: 'low', version: seen });
    const german = await stale({ 'accept-language': 'de' });
    expect(german.statusCode).toBe(409);
    expect(german.json().detail).toContain(`${alexName} hat den Status auf Parked gesetzt`);
    expect(german.json().detail).toContain(`${alexName} hat die Dringlichkeit auf Hoch gesetzt`);
    expect(german.json().detail).toContain(`${alexName} hat den Status auf Geschlossen gesetzt`);
    // The data keeps the names as recorded; only the words are the reader's.
    expect(german.json().changes.map((c: { to: string }) => c.to)).toEqual(['Parked', 'High', 'Closed']);
    const english = await stale({ 'accept-language': 'en' });
    expect(english.json().detail).toContain(`${alexName} set the urgency to High`);
  });

  it('If-Match compares strongly (RFC 9110): a weak tag never matches, `*` is any version, a list matches by any member', async () => {
    const { id } = await createTicket(hd);
    const { etag, ticket } = await open(id, alex);
    const comments = async () => (await open(id, alex)).ticket.comments.length as number;

    const weak = await call('PATCH', `/tickets/${id}`, { ...alex, 'if-match': `W/${etag}` }, { urgency: 'high' });
    expect(weak.statusCode).toBe(412);
    expect(weak.json()).toMatchObject({ code: 'PRECONDITION_FAILED', current_version: ticket.version, changes: [] });
    const weakReply = await call('POST', `/tickets/${id}/comments`, { ...alex, 'if-match': `W/${etag}` }, { text: 'Weak.' });
    expect(weakReply.statusCode).toBe(412);
    const foreign = await call('PATCH', `/tickets/${id}`, { ...alex, 'if-match': '"v1", "abc"' }, { urgency: 'high' });
    expect(foreign.statusCode).toBe(412);
    expect(await comments()).toBe(0);
    expect((await open(id, alex)).etag).toBe(etag);

    const any = await call('POST', `/tickets/${id}/comments`, { ...alex, 'if-match': '*' }, { text: 'Any version will do.' });
    expect(any.statusCode).toBe(201);
    const now = await open(id, alex);
    const listed = await call(
      'PATCH',
      `/tickets/${id}`,
      { ...alex, 'if-match': `W/${now.etag}, "999999", ${now.etag}` },
      { urgency: 'low' },
    );
    expect(listed.statusCode).toBe(200);
    expect(listed.json().urgency.slug).toBe('low');
    const staleList = await call('PATCH', `/tickets/${id}`, { ...alex, 'if-match': `${etag}, ${now.etag}` }, { urgency: 'high' });
    expect(staleList.statusCode).toBe(412);
    expect(staleList.json().current_version).toBe(listed.json().version);
    expect(staleList.json().changes.map((c: { field: string }) => c.field)).toEqual(['urgency']);
    // A body version stays a 409, whatever If-Match: * says.
    const staleBody = await call('PATCH', `/tickets/${id}`, { ...alex, 'if-match': '*' }, { urgency: 'high', version: ticket.version });
    expect(staleBody.statusCode).toBe(409);
    expect((await open(id, alex)).ticket.urgency.slug).toBe('low');
    // Missing tickets are 404 whatever the precondition (RFC 9110 §13.2.1).
    expect((await call('PATCH', '/tickets/999999', { ...alex, 'if-match': 'W/"1"' }, { urgency: 'high' })).statusCode).toBe(404);
  });

  it('If-None-Match on a ticket: 304 with the ETag and no body while the agent’s copy is current (weak comparison)', async () => {
    const { id } = await createTicket(hd);
    const { etag } = await open(id, alex);
    for (const header of [etag, `W/${etag}`, `"999999", ${etag}`, '*']) {
      const same = await call('GET', `/tickets/${id}`, { ...alex, 'if-none-match': header });
      expect(same.statusCode, header).toBe(304);
      expect(same.headers.etag).toBe(etag);
      expect(same.body).toBe('');
    }
    expect((await call('POST', `/tickets/${id}/comments`, blair, { text: 'News.' })).statusCode).toBe(201);
    const changed = await call('GET', `/tickets/${id}`, { ...alex, 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json().comments).toHaveLength(1);
  });

  it('the activity log records who changed what, from what to what, and a status moved by a reply as automatic', async () => {
    const { id } = await createTicket(hd);
    expect((await call('PATCH', `/tickets/${id}`, alex, { status: 'closed', assignee: alexId, urgency: 'high' })).statusCode).toBe(200);
    // The same values again change nothing and record nothing.
    expect((await call('PATCH', `/tickets/${id}`, alex, { status: 'closed' })).statusCode).toBe(200);
    expect((await call('POST', `/tickets/${id}/comments`, blair, { text: 'A note', internal: true })).statusCode).toBe(201);
    expect((await call('POST', `/tickets/${id}/comments`, blair, { text: 'A reply' })).statusCode).toBe(201);
    const { ticket } = await open(id, blair);
    const log = ticket.events.map((e: Record<string, unknown>) => [
      e.kind,
      e.field,
      e.from,
      e.to,
      e.automatic,
      (e.by as { name: string }).name,
    ]);
    expect(log).toEqual([
      ['field', 'status', 'Open', 'Closed', false, alexName],
      ['field', 'urgency', null, 'High', false, alexName],
      ['field', 'assignee', null, alexName, false, alexName],
      ['note', null, null, null, false, expect.any(String)],
      ['reply', null, null, null, false, expect.any(String)],
      ['field', 'status', 'Closed', 'In Progress', true, expect.any(String)],
    ]);
    // The note's and the reply's events point at their comments; versions only grow.
    expect(ticket.events[3].comment).toBe(ticket.comments[0].id);
    expect(ticket.events[4].comment).toBe(ticket.comments[1].id);
    const versions = ticket.events.map((e: { version: number }) => e.version);
    expect([...versions].sort((a, b) => a - b)).toEqual(versions);
    expect(ticket.version).toBe(versions.at(-1));
  });

  it('a stale change is refused and changes nothing; two replies on the same version: one lands, one is told', async () => {
    const { id } = await createTicket(hd);
    const { ticket } = await open(id, alex);
    expect((await call('PATCH', `/tickets/${id}`, alex, { urgency: 'low', version: ticket.version })).statusCode).toBe(200);
    const stale = await call('PATCH', `/tickets/${id}`, blair, { urgency: 'urgent', version: ticket.version });
    expect(stale.statusCode).toBe(409);
    expect((await open(id, alex)).ticket.urgency.slug).toBe('low');

    const current = (await open(id, alex)).ticket.version as number;
    const both = await Promise.all([
      call('POST', `/tickets/${id}/comments`, alex, { text: 'First', version: current }),
      call('POST', `/tickets/${id}/comments`, blair, { text: 'Second', version: current }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect((await open(id, alex)).ticket.comments).toHaveLength(1);
  });

  it('bad versions are 400s naming the field; a client sees neither versions nor the log', async () => {
    const { id } = await createTicket(hd);
    const badHeader = await call('POST', `/tickets/${id}/comments`, { ...alex, 'if-match': 'yesterday' }, { text: 'Hi' });
    expect(badHeader.statusCode).toBe(400);
    expect(badHeader.json().errors[0].field).toBe('If-Match');
    const mismatch = await call('POST', `/tickets/${id}/comments`, { ...alex, 'if-match': '"1"' }, { text: 'Hi', version: 2 });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().errors[0].field).toBe('version');
    const onlyVersion = await call('PATCH', `/tickets/${id}`, alex, { version: 1 });
    expect(onlyVersion.statusCode).toBe(400);
    expect((await open(id, alex)).ticket.comments).toHaveLength(0);

    const client = await createClient(hd);
    const own = await createTicket(hd, { email: client.email });
    const view = await call('GET', `/tickets/${own.id}`, client.headers);
    expect(view.statusCode).toBe(200);
    expect(view.json()).not.toHaveProperty('events');
    expect(view.json()).not.toHaveProperty('version');
    expect(view.headers.etag).toBeUndefined();
  });
});
