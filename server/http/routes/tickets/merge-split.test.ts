import { beforeAll, expect, it } from 'vitest';
import { insertParticipant } from '../../../domain/participants/participants.js';
import { type ApiClient, createApiClient } from '../../../test/api-client.js';
import { addNoteAs, createAgent, createClient, createTicket, replyAs, sessionHeaders, signedInBrowser } from '../../../test/factories.js';
import { relaxIntakeLimits, setRegistration } from '../../../test/fixtures.js';
import { multipartBody, TINY_PNG } from '../../../test/multipart.js';
import { describeEachDatabase } from '../../../test/test-databases.js';
import { useTestHelpdesk } from '../../../test/test-helpdesk.js';

const API = '/api/helpdesk/v1';
let emails = 0;

describeEachDatabase('merging and splitting tickets', (dialect) => {
  const hd = useTestHelpdesk(dialect);
  let agent: Record<string, string>;
  let api: ApiClient;
  beforeAll(async () => {
    await relaxIntakeLimits(hd.ctx);
    await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: true });
    agent = await hd.authAs('agent');
    api = createApiClient(hd.app).with(agent);
  });

  const clientEmail = () => {
    emails += 1;
    return `merge${emails}-${process.pid}@client.test`;
  };
  const open = async (id: number) => (await api.get('/tickets/{id}', { params: { id } })).expectBody(200);
  // Sets when each message was written, so the order a merge must keep does not hang on the clock's milliseconds.
  const writtenAt = async (table: 'posts' | 'comments', id: number, at: string) => {
    await hd.ctx.db.updateTable(table).set({ created_at: at }).where('id', '=', id).execute();
  };
  const participantsOf = async (ticketId: number) =>
    (await hd.ctx.db.selectFrom('ticket_participants').select(['kind', 'user_id']).where('ticket_id', '=', ticketId).execute())
      .map((row) => `${row.kind}:${row.user_id}`)
      .sort();
  const merge = (id: number, sourceIds: number[], confirm?: boolean) =>
    api.post('/tickets/{id}/merge', {
      params: { id },
      body: { source_ids: sourceIds, ...(confirm !== undefined && { confirm_different_clients: confirm }) },
    });

  it('moves every message and note of the merged ticket into the one that stays, in time order', async () => {
    const email = clientEmail();
    const keep = await createTicket(hd, { email, subject: 'Export fails', description: 'Export fails on Chrome.' });
    const gone = await createTicket(hd, { email, subject: 'Export again', description: 'Still no export on Firefox.' });
    const early = await replyAs(hd, agent, keep.id, 'Which version?');
    const note = await addNoteAs(hd, agent, gone.id, 'Same bug as the other one.');
    const late = await replyAs(hd, agent, keep.id, 'Fixed in 2.1.');
    await writtenAt('posts', keep.id, '2026-01-01T10:00:00.000Z');
    await writtenAt('comments', early.id, '2026-01-01T10:05:00.000Z');
    await writtenAt('posts', gone.id, '2026-01-01T10:10:00.000Z');
    await writtenAt('comments', note.id, '2026-01-01T10:15:00.000Z');
    await writtenAt('comments', late.id, '2026-01-01T10:20:00.000Z');

    const merged = (await merge(keep.id, [gone.id])).expectBody(200);
    expect(merged.moved_messages).toBe(2);

    const ticket = await open(keep.id);
    expect(ticket.description).toBe('Export fails on Chrome.');
    expect(ticket.comments.map((c) => [c.text, c.internal])).toEqual([
      ['Which version?', false],
      ['Still no export on Firefox.', false],
      ['Same bug as the other one.', true],
      ['Fixed in 2.1.', false],
    ]);
    expect((await open(gone.id)).comments).toEqual([]);
  });

  it('keeps each message’s author when tickets of two clients are merged', async () => {
    const keep = await createTicket(hd, { email: clientEmail(), name: 'Ann Keep' });
    const gone = await createTicket(hd, { email: clientEmail(), name: 'Bo Gone', description: 'Bo’s words.' });
    expect((await merge(keep.id, [gone.id], true)).status).toBe(200);
    const moved = (await open(keep.id)).comments.find((c) => c.text === 'Bo’s words.');
    expect(moved).toMatchObject({ author: 'Bo Gone', role: 'client' });
  });

  it('asks first when the tickets belong to different clients: 409 naming confirm_different_clients, nothing moved', async () => {
    const keep = await createTicket(hd, { email: clientEmail() });
    const gone = await createTicket(hd, { email: clientEmail() });
    const res = await merge(keep.id, [gone.id]);
    expect(res.status).toBe(409);
    const problem = res.json() as { detail: string; errors: Array<{ field: string }> };
    expect(problem.detail).toContain('different clients');
    expect(problem.errors.map((e) => e.field)).toEqual(['confirm_different_clients']);
    expect((await open(gone.id)).links?.merged_into).toBeNull();
  });

  it('closes the merged ticket and links both: merged_into on it, merged_from on the one that stays, and an entry each', async () => {
    const email = clientEmail();
    const keep = await createTicket(hd, { email });
    const gone = await createTicket(hd, { email });
    await merge(keep.id, [gone.id]);
    const source = await open(gone.id);
    expect(source.status?.slug).toBe('closed');
    expect(source.links?.merged_into).toEqual({ id: keep.id, number: keep.number });
    expect(source.events?.filter((e) => e.kind === 'link').map((e) => [e.field, e.to])).toEqual([['merged_into', `#${keep.number}`]]);
    const target = await open(keep.id);
    expect(target.links?.merged_from).toEqual([{ id: gone.id, number: gone.number }]);
    expect(target.events?.filter((e) => e.kind === 'link').map((e) => [e.field, e.to])).toEqual([['merged_from', `#${gone.number}`]]);
  });

  it('moves the files with their messages: the description’s and a reply’s, each still readable', async () => {
    const email = clientEmail();
    const keep = await createTicket(hd, { email });
    const body = multipartBody({ name: 'Ann', email, subject: 'Screenshot', description: 'See the picture.' }, [
      { name: 'shot.png', bytes: TINY_PNG },
    ]);
    const filed = await hd.app.inject({ method: 'POST', url: `${API}/tickets/`, payload: body.payload, headers: body.headers });
    const goneId = (filed.json() as { id: number }).id;
    const note = multipartBody({ text: 'The log.', internal: 'true' }, [{ name: 'log.png', bytes: TINY_PNG }]);
    await hd.app.inject({
      method: 'POST',
      url: `${API}/tickets/${goneId}/comments`,
      payload: note.payload,
      headers: { ...note.headers, ...agent },
    });

    expect((await merge(keep.id, [goneId])).expectBody(200).moved_files).toBe(2);
    const ticket = await open(keep.id);
    const files = Object.fromEntries(ticket.comments.map((c) => [c.text, c.attachments.map((a) => a.name)]));
    expect(files).toEqual({ 'See the picture.': ['shot.png'], 'The log.': ['log.png'] });
    const url = ticket.comments[0]?.attachments[0]?.url as string;
    expect((await hd.app.inject({ url: new URL(url).pathname, headers: agent })).statusCode).toBe(200);
    expect((await open(goneId)).attachments).toEqual([]);
  });

  it('tells open screens of both tickets once the merge is committed, with the versions it wrote', async () => {
    const email = clientEmail();
    const keep = await createTicket(hd, { email });
    const gone = await createTicket(hd, { email });
    const heard: Array<{ ticketId: number; version: number; fields: string[] }> = [];
    const stop = hd.ctx.live.subscribe((event) => {
      if ('kind' in event && event.kind === 'ticket.updated' && [keep.id, gone.id].includes(event.ticketId))
        heard.push({ ticketId: event.ticketId, version: event.version, fields: event.fields });
    });
    const merged = await merge(keep.id, [gone.id]).finally(stop);
    const body = merged.expectBody(200);
    expect(heard).toEqual([
      { ticketId: gone.id, version: body.merged[0]?.version, fields: ['merged_into', 'status'] },
      { ticketId: keep.id, version: body.ticket.version, fields: ['merged_from'] },
    ]);
  });

  it('queues the webhook ticket.updated of the merged ticket, with its status change, in the merge’s transaction', async () => {
    const email = clientEmail();
    const keep = await createTicket(hd, { email });
    const gone = await createTicket(hd, { email });
    const admin = createApiClient(hd.app).with(await hd.authAs('admin'));
    const hook = await admin.post('/webhooks/', { body: { url: 'https://example.com/merge-hook', events: ['ticket.updated'] } });
    expect(hook.status, JSON.stringify(hook.json())).toBe(201);
    await merge(keep.id, [gone.id]);
    const bodies = await hd.ctx.db.selectFrom('webhook_deliveries').select('body').where('event_type', '=', 'ticket.updated').execute();
    const ofGone = bodies.map((b) => JSON.parse(b.body)).filter((b) => b.data.ticket.id === gone.id);
    expect(ofGone.map((b) => b.data.changes.status?.[1])).toEqual(['Closed']);
    await admin.delete('/webhooks/{id}', { params: { id: (hook.json() as { id: number }).id } });
  });

  it('joins the tags of the merged ticket into the one that stays', async () => {
    const email = clientEmail();
    const keep = await createTicket(hd, { email });
    const gone = await createTicket(hd, { email });
    await api.patch('/tickets/{id}', { params: { id: keep.id }, body: { tags: ['billing'] } });
    await api.patch('/tickets/{id}', { params: { id: gone.id }, body: { tags: ['refund', 'billing'] } });
    await merge(keep.id, [gone.id]);
    expect((await open(keep.id)).tags.map((t) => t.name)).toEqual(['billing', 'refund']);
  });

  it('joins the people of the merged ticket: its followers and copied-in clients, never the staying ticket’s own client', async () => {
    const email = clientEmail();
    const keep = await createTicket(hd, { email });
    const gone = await createTicket(hd, { email });
    const colleague = await createClient(hd, { email: clientEmail() });
    const follower = await createAgent(hd);
    const at = new Date().toISOString();
    for (const [userId, kind] of [
      [colleague.id, 'cc'],
      [follower.id, 'follower'],
    ] as const)
      await insertParticipant(hd.ctx.db, { ticketId: gone.id, userId, kind, addedBy: null, at });
    await merge(keep.id, [gone.id]);
    expect(await participantsOf(keep.id)).toEqual([`cc:${colleague.id}`, `follower:${follower.id}`]);
  });

  it('copies the other client in when tickets of two clients are merged, so their answers still land', async () => {
    const keep = await createTicket(hd, { email: clientEmail() });
    const gone = await createTicket(hd, { email: clientEmail() });
    expect((await merge(keep.id, [gone.id], true)).status).toBe(200);
    const goneClient = await hd.ctx.db.selectFrom('posts').select('author_id').where('id', '=', gone.id).executeTakeFirstOrThrow();
    expect(await participantsOf(keep.id)).toEqual([`cc:${goneClient.author_id}`]);
  });

  it('refuses merging a ticket into itself, naming source_ids', async () => {
    const keep = await createTicket(hd, { email: clientEmail() });
    const res = await merge(keep.id, [keep.id]);
    expect(res.status).toBe(400);
    expect((res.json() as { errors: Array<{ field: string }> }).errors.map((e) => e.field)).toEqual(['source_ids']);
  });

  it('refuses a ticket merged before, naming the ticket it went into', async () => {
    const email = clientEmail();
    const keep = await createTicket(hd, { email });
    const gone = await createTicket(hd, { email });
    const other = await createTicket(hd, { email });
    await merge(keep.id, [gone.id]);
    const again = await merge(other.id, [gone.id]);
    expect(again.status).toBe(400);
    expect((again.json() as { detail: string }).detail).toContain(`#${keep.number}`);
    expect((await merge(gone.id, [other.id])).status).toBe(400);
  });

  it('refuses a ticket that does not exist, and more than 20 at once, changing nothing', async () => {
    const keep = await createTicket(hd, { email: clientEmail() });
    const missing = await merge(keep.id, [99_999_999]);
    expect(missing.status).toBe(400);
    expect((missing.json() as { detail: string }).detail).toContain('99999999');
    const many = await merge(
      keep.id,
      Array.from({ length: 21 }, (_, i) => i + 1),
    );
    expect(many.status).toBe(400);
    expect((await open(keep.id)).version).toBe(1);
  });

  it('lets only one of two merges at once, each way, through: never two tickets merged into each other', async () => {
    const email = clientEmail();
    const a = await createTicket(hd, { email });
    const b = await createTicket(hd, { email });
    const answers = await Promise.all([merge(a.id, [b.id]), merge(b.id, [a.id])]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 400]);
    const links = [(await open(a.id)).links?.merged_into, (await open(b.id)).links?.merged_into];
    expect(links.filter((l) => l !== null)).toHaveLength(1);
  });

  it('lets no client merge, not even their own tickets', async () => {
    const email = clientEmail();
    const keep = await createTicket(hd, { email });
    const gone = await createTicket(hd, { email });
    const clientId = (await hd.ctx.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
    const res = await hd.app.inject({
      method: 'POST',
      url: `${API}/tickets/${keep.id}/merge`,
      headers: await sessionHeaders(hd, clientId),
      payload: { source_ids: [gone.id] },
    });
    expect(res.statusCode).toBe(403);
    expect((await open(gone.id)).links?.merged_into).toBeNull();
  });

  it('finds a merged message under the ticket that stays, not the merged one', async () => {
    const email = clientEmail();
    const keep = await createTicket(hd, { email });
    const gone = await createTicket(hd, { email, description: 'The zanzibarquux printer jams.' });
    await merge(keep.id, [gone.id]);
    const found = (await api.get('/tickets/', { query: { search: 'zanzibarquux' } })).expectBody(200);
    expect(found.tickets.map((t) => t.id)).toEqual([keep.id]);
  });

  it('counts a merged ticket as filed but never as resolved in the reports', async () => {
    const email = clientEmail();
    const keep = await createTicket(hd, { email });
    const gone = await createTicket(hd, { email });
    await replyAs(hd, agent, gone.id, 'Looking.');
    await merge(keep.id, [gone.id]);
    const facts = await hd.ctx.db
      .selectFrom('ticket_report_facts')
      .select(['resolved_at'])
      .where('ticket_id', '=', gone.id)
      .executeTakeFirst();
    expect(facts).toEqual({ resolved_at: null });
  });

  it('sends the client from a merged ticket’s help-site page to the ticket that stays', async () => {
    const email = clientEmail();
    const keep = await createTicket(hd, { email });
    const gone = await createTicket(hd, { email });
    await merge(keep.id, [gone.id]);
    const clientId = (await hd.ctx.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
    const browser = await signedInBrowser(hd, clientId);
    const page = await browser.get(`/tickets/?ticket=${gone.number}`);
    expect(page.statusCode).toBe(303);
    expect(page.headers.location).toContain(`?ticket=${keep.number}`);
  });

  it('says on the help-site page of the ticket that stayed which of the client’s tickets were merged into it', async () => {
    const email = clientEmail();
    const keep = await createTicket(hd, { email });
    const gone = await createTicket(hd, { email });
    await merge(keep.id, [gone.id]);
    const clientId = (await hd.ctx.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
    const page = await (await signedInBrowser(hd, clientId)).get(`/tickets/?ticket=${keep.number}`);
    expect(page.body).toContain(`Merged from #${gone.number}`);
  });

  it('names the other client on their merged message, never “You wrote”', async () => {
    const keepEmail = clientEmail();
    const keep = await createTicket(hd, { email: keepEmail });
    const gone = await createTicket(hd, { email: clientEmail(), name: 'Bo Other', description: 'Bo’s own words.' });
    await merge(keep.id, [gone.id], true);
    const clientId = (await hd.ctx.db.selectFrom('users').select('id').where('email', '=', keepEmail).executeTakeFirstOrThrow()).id;
    const page = await (await signedInBrowser(hd, clientId)).get(`/tickets/?ticket=${keep.number}`);
    const entry = page.body.slice(page.body.lastIndexOf('<li', page.body.indexOf('Bo’s own words.')), page.body.indexOf('Bo’s own words.'));
    expect(entry).toContain('Bo Other');
    expect(entry).not.toContain('You wrote');
  });

  it('keeps the page of a ticket merged into another client’s: that ticket is not theirs to see', async () => {
    const goneEmail = clientEmail();
    const keep = await createTicket(hd, { email: clientEmail() });
    const gone = await createTicket(hd, { email: goneEmail });
    await merge(keep.id, [gone.id], true);
    const clientId = (await hd.ctx.db.selectFrom('users').select('id').where('email', '=', goneEmail).executeTakeFirstOrThrow()).id;
    const browser = await signedInBrowser(hd, clientId);
    const page = await browser.get(`/tickets/?ticket=${gone.number}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('This request was merged with another one');
  });

  it('splits chosen messages with their files to a new ticket (moved, not copied), both linked', async () => {
    const email = clientEmail();
    const original = await createTicket(hd, { email, subject: 'Two problems' });
    const stays = await replyAs(hd, agent, original.id, 'About the export: fixed.');
    const note = multipartBody({ text: 'The printer log.', internal: 'true' }, [{ name: 'printer.png', bytes: TINY_PNG }]);
    const noted = await hd.app.inject({
      method: 'POST',
      url: `${API}/tickets/${original.id}/comments`,
      payload: note.payload,
      headers: { ...note.headers, ...agent },
    });
    const moves = (noted.json() as { id: number }).id;

    const res = await api.post('/tickets/{id}/split', { params: { id: original.id }, body: { comment_ids: [moves], subject: 'Printer' } });
    const split = res.expectBody(201);
    expect(split.moved_files).toBe(1);
    const made = await open(split.ticket.id);
    expect(made.title).toBe('Printer');
    expect(made.comments.map((c) => [c.text, c.attachments.map((a) => a.name)])).toEqual([['The printer log.', ['printer.png']]]);
    expect(made.links?.split_from).toEqual({ id: original.id, number: original.number });
    const left = await open(original.id);
    expect(left.comments.map((c) => c.id)).toEqual([stays.id]);
    expect(left.links?.split_into).toEqual([{ id: split.ticket.id, number: split.ticket.number }]);
    expect(left.events?.filter((e) => e.kind === 'link').map((e) => [e.field, e.to])).toEqual([['split_into', `#${split.ticket.number}`]]);
  });

  it('gives the split ticket the client chosen', async () => {
    const original = await createTicket(hd, { email: clientEmail() });
    const other = await createTicket(hd, { email: clientEmail(), name: 'Cy Other' });
    const reply = await replyAs(hd, agent, original.id, 'For Cy.');
    const cy = (await open(other.id)).client as { id: number };
    const split = (
      await api.post('/tickets/{id}/split', { params: { id: original.id }, body: { comment_ids: [reply.id], client_id: cy.id } })
    ).expectBody(201);
    expect((await open(split.ticket.id)).client).toMatchObject({ id: cy.id, name: 'Cy Other' });
  });

  it('merges a ticket made by a split without an empty message: it has no description of its own', async () => {
    const original = await createTicket(hd, { email: clientEmail() });
    const reply = await replyAs(hd, agent, original.id, 'Moved away.');
    const split = (await api.post('/tickets/{id}/split', { params: { id: original.id }, body: { comment_ids: [reply.id] } })).expectBody(
      201,
    );
    const merged = (await merge(original.id, [split.ticket.id])).expectBody(200);
    expect(merged.moved_messages).toBe(1);
    expect((await open(original.id)).comments.map((c) => c.text)).toEqual(['Moved away.']);
  });

  it('refuses splitting a message of another ticket, naming comment_ids, and moves nothing', async () => {
    const original = await createTicket(hd, { email: clientEmail() });
    const other = await createTicket(hd, { email: clientEmail() });
    const foreign = await replyAs(hd, agent, other.id, 'Not yours.');
    const res = await api.post('/tickets/{id}/split', { params: { id: original.id }, body: { comment_ids: [foreign.id] } });
    expect(res.status).toBe(400);
    expect((res.json() as { errors: Array<{ field: string }> }).errors.map((e) => e.field)).toEqual(['comment_ids']);
    expect((await open(other.id)).comments).toHaveLength(1);
  });
});
