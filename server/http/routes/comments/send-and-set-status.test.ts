import { beforeAll, expect, it } from 'vitest';
import { relaxIntakeLimits, setRegistration, ticketPayload } from '../../../test/fixtures.js';
import { describeEachDatabase } from '../../../test/test-databases.js';
import { useTestHelpdesk } from '../../../test/test-helpdesk.js';

type Headers = Record<string, string>;

describeEachDatabase('"Send and set status": a reply and a status in one change', (dialect) => {
  const hd = useTestHelpdesk(dialect);
  let alex: Headers;
  let blair: Headers;
  let alexName: string;
  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, headers: Headers = {}, payload?: object) =>
    hd.app.inject({ method, url: `/api/helpdesk/v1${url}`, headers, payload });
  const file = async () => (await call('POST', '/tickets/', {}, ticketPayload())).json().id as number;
  const open = async (id: number) => (await call('GET', `/tickets/${id}`, alex)).json();

  beforeAll(async () => {
    await relaxIntakeLimits(hd.ctx);
    await setRegistration(hd.ctx, { anyoneCanRegister: true, createAccounts: true });
    [alex, blair] = await Promise.all([hd.authAs('agent'), hd.authAs('agent')]);
    alexName = (await call('GET', '/me', alex)).json().user.name;
  });

  it('sets the chosen status under the reply’s version, recorded as the agent’s change, with no automatic move', async () => {
    const id = await file();
    const before = await open(id);
    const sent = await call('POST', `/tickets/${id}/comments`, alex, { text: 'Fixed.', status: 'resolved', version: before.version });
    expect(sent.statusCode).toBe(201);
    expect(sent.json().moved_to).toBe('resolved');
    const after = await open(id);
    expect(after.status.slug).toBe('resolved');
    expect(after.comments.map((c: { text: string }) => c.text)).toEqual(['Fixed.']);
    // One change, one version: the reply and the status, both by Alex, nothing automatic.
    expect(after.version).toBe(before.version + 1);
    const events = after.events.filter((e: { version: number }) => e.version === after.version);
    expect(
      events.map((e: Record<string, unknown>) => [e.kind, e.field, e.from, e.to, e.automatic, (e.by as { name: string }).name]),
    ).toEqual([
      ['reply', null, null, null, false, alexName],
      ['field', 'status', 'Open', 'Resolved', false, alexName],
    ]);

    // Resolved this way asks the client "Did this solve it?", as any move to Resolved does: in the reply's own
    // mail, so its comment_added job names the resolution and no separate mail is queued.
    const ratingMails = await hd.ctx.db
      .selectFrom('jobs')
      .select('payload')
      .where('kind', '=', 'mail')
      .where('payload', 'like', `%client_ticket_resolved%"ticketId":${id},%`)
      .execute();
    expect(ratingMails).toHaveLength(0);
    const [request] = await hd.ctx.db.selectFrom('rating_requests').select('id').where('ticket_id', '=', id).execute();
    const replyJobs = await hd.ctx.db
      .selectFrom('jobs')
      .select('payload')
      .where('kind', '=', 'comment_added')
      .where('payload', 'like', `%"ratingRequestId":${request?.id}}`)
      .execute();
    expect(replyJobs).toHaveLength(1);

    // A note can set a status too; the status it already has records nothing more than the note.
    const note = await call('POST', `/tickets/${id}/comments`, alex, { text: 'Done here', internal: true, status: 'resolved' });
    expect(note.statusCode).toBe(201);
    expect(note.json().moved_to).toBeNull();
    const last = await open(id);
    expect(last.status.slug).toBe('resolved');
    expect(last.events.filter((e: { version: number }) => e.version === last.version).map((e: { kind: string }) => e.kind)).toEqual([
      'note',
    ]);
  });

  it('a stale If-Match is a 412 and neither the reply nor the status is saved', async () => {
    const id = await file();
    const seen = await open(id);
    expect((await call('POST', `/tickets/${id}/comments`, alex, { text: 'First!' })).statusCode).toBe(201);
    const stale = await call(
      'POST',
      `/tickets/${id}/comments`,
      { ...blair, 'if-match': `"${seen.version}"` },
      { text: 'Bye', status: 'closed' },
    );
    expect(stale.statusCode).toBe(412);
    expect(stale.json().code).toBe('PRECONDITION_FAILED');
    const now = await open(id);
    expect(now.status.slug).toBe('in-progress');
    expect(now.comments.map((c: { text: string }) => c.text)).toEqual(['First!']);
  });

  it('an unknown status is a 400 naming the field and nothing is saved; a client may not set a status', async () => {
    const id = await file();
    const bad = await call('POST', `/tickets/${id}/comments`, alex, { text: 'Hello', status: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('status');
    const ticket = await open(id);
    expect(ticket.comments).toHaveLength(0);
    expect(ticket.status.slug).toBe('open');

    const client = await hd.authAs('client');
    const own = await call('POST', '/tickets/', {}, ticketPayload({ email: (await call('GET', '/me', client)).json().user.email }));
    const refused = await call('POST', `/tickets/${own.json().id}/comments`, client, { text: 'Solved, thanks', status: 'closed' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors[0].field).toBe('status');
    expect((await open(own.json().id)).comments).toHaveLength(0);
  });
});
