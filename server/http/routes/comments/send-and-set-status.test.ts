import { beforeAll, expect, it } from 'vitest';
import { type ApiClient, createApiClient } from '../../../test/api-client.js';
import { relaxIntakeLimits, setRegistration, ticketPayload } from '../../../test/fixtures.js';
import { describeEachDatabase } from '../../../test/test-databases.js';
import { useTestHelpdesk } from '../../../test/test-helpdesk.js';

describeEachDatabase('"Send and set status": a reply and a status in one change', (dialect) => {
  const hd = useTestHelpdesk(dialect);
  let anyone: ApiClient;
  let alex: ApiClient;
  let blair: ApiClient;
  let alexName: string;
  const file = async () => (await anyone.post('/tickets/', { body: ticketPayload() })).expectBody(201).id;
  const open = async (id: number) => (await alex.get('/tickets/{id}', { params: { id } })).expectBody(200);
  const versionOf = async (id: number) => (await open(id)).version ?? 0;

  beforeAll(async () => {
    await relaxIntakeLimits(hd.ctx);
    await setRegistration(hd.ctx, { anyoneCanRegister: true, createAccounts: true });
    anyone = createApiClient(hd.app);
    alex = anyone.with(await hd.authAs('agent'));
    blair = anyone.with(await hd.authAs('agent'));
    alexName = (await alex.get('/me')).expectBody(200).user?.name ?? '';
  });

  it('sets the chosen status under the reply’s version, recorded as the agent’s change, with no automatic move', async () => {
    const id = await file();
    const before = await versionOf(id);
    const sent = await alex.post('/tickets/{id}/comments', {
      params: { id },
      body: { text: 'Fixed.', status: 'resolved', version: before },
    });
    expect(sent.expectBody(201).moved_to).toBe('resolved');
    const after = await open(id);
    expect(after.status?.slug).toBe('resolved');
    expect(after.comments.map((c) => c.text)).toEqual(['Fixed.']);
    // One change, one version: the reply and the status, both by Alex, nothing automatic.
    expect(after.version).toBe(before + 1);
    const events = (after.events ?? []).filter((e) => e.version === after.version);
    expect(events.map((e) => [e.kind, e.field, e.from, e.to, e.automatic, e.by?.name])).toEqual([
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
    const note = await alex.post('/tickets/{id}/comments', {
      params: { id },
      body: { text: 'Done here', internal: true, status: 'resolved' },
    });
    expect(note.expectBody(201).moved_to).toBeNull();
    const last = await open(id);
    expect(last.status?.slug).toBe('resolved');
    expect((last.events ?? []).filter((e) => e.version === last.version).map((e) => e.kind)).toEqual(['note']);
  });

  it('a stale If-Match is a 412 and neither the reply nor the status is saved', async () => {
    const id = await file();
    const seen = await versionOf(id);
    (await alex.post('/tickets/{id}/comments', { params: { id }, body: { text: 'First!' } })).expectBody(201);
    const stale = await blair.post('/tickets/{id}/comments', {
      params: { id },
      headers: { 'if-match': `"${seen}"` },
      body: { text: 'Bye', status: 'closed' },
    });
    expect(stale.expectBody(412).code).toBe('PRECONDITION_FAILED');
    const now = await open(id);
    expect(now.status?.slug).toBe('in-progress');
    expect(now.comments.map((c) => c.text)).toEqual(['First!']);
  });

  it('an unknown status is a 400 naming the field and nothing is saved; a client may not set a status', async () => {
    const id = await file();
    const bad = await alex.post('/tickets/{id}/comments', { params: { id }, body: { text: 'Hello', status: 'nope' } });
    expect(bad.expectBody(400).errors?.[0]?.field).toBe('status');
    const ticket = await open(id);
    expect(ticket.comments).toHaveLength(0);
    expect(ticket.status?.slug).toBe('open');

    const client = anyone.with(await hd.authAs('client'));
    const email = (await client.get('/me')).expectBody(200).user?.email;
    const own = (await anyone.post('/tickets/', { body: ticketPayload({ email }) })).expectBody(201);
    const refused = await client.post('/tickets/{id}/comments', {
      params: { id: own.id },
      body: { text: 'Solved, thanks', status: 'closed' },
    });
    expect(refused.expectBody(403).errors?.[0]?.field).toBe('status');
    expect((await open(own.id)).comments).toHaveLength(0);
  });
});
