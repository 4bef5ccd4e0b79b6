import { afterEach, beforeAll, expect, it } from 'vitest';
import { now } from '../../../domain/context.js';
import { type EventStreamClient, openEventStream, type ReceivedEvent } from '../../../test/event-stream-client.js';
import { createAdmin, createAgent, createTag, createTicket } from '../../../test/factories.js';
import { relaxIntakeLimits, setRegistration } from '../../../test/fixtures.js';
import { liveEventsOffContract } from '../../../test/live-events-off-contract.js';
import { describeEachDatabase } from '../../../test/test-databases.js';
import { useTestHelpdesk } from '../../../test/test-helpdesk.js';

type Headers = Record<string, string>;

describeEachDatabase('live tags and notifications read by opening a ticket', (dialect) => {
  const hd = useTestHelpdesk(dialect);
  let base = '';
  let alex: Headers;
  let bea: Headers;
  let admin: Headers;
  let alexId: number;
  let beaId: number;
  let adminId: number;
  const streams: EventStreamClient[] = [];
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, headers: Headers = {}, payload?: object) =>
    hd.app.inject({ method, url: `/api/helpdesk/v1${url}`, headers, payload });
  const follow = async (headers: Headers) => {
    const stream = await openEventStream(`${base}/api/helpdesk/v1/events`, headers);
    expect(stream.status).toBe(200);
    streams.push(stream);
    return stream;
  };
  const file = async () => (await createTicket(hd)).id;
  // Lines written directly: which rule adds them is tested elsewhere; here only reading them matters.
  const notify = async (userId: number, ticketId: number) =>
    (
      await hd.ctx.db
        .insertInto('notifications')
        .values({ user_id: userId, kind: 'client_replied', ticket_id: ticketId, comment_id: null, created_at: now(), read_at: null })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const unread = async (headers: Headers) => (await call('GET', '/notifications/unread-count', headers)).json().unread as number;
  const tagEvent = (tag: number, change: string) => (e: ReceivedEvent) =>
    e.event === 'tag.changed' &&
    (e.data as { tag: number; change: string }).tag === tag &&
    (e.data as { change: string }).change === change;

  beforeAll(async () => {
    await relaxIntakeLimits(hd.ctx);
    await setRegistration(hd.ctx, { anyoneCanRegister: true, createAccounts: true });
    const [a, b, c] = await Promise.all([createAgent(hd), createAgent(hd), createAdmin(hd)]);
    [alex, bea, admin] = [a.headers, b.headers, c.headers];
    [alexId, beaId, adminId] = [a.id, b.id, c.id];
    base = await hd.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterEach(() => {
    const sent = streams.flatMap((stream) => stream.events);
    for (const stream of streams.splice(0)) stream.close();
    // Whatever a test made the server send, each event has its contract's shape.
    expect(liveEventsOffContract(sent)).toEqual([]);
  });

  it("tells every agent's stream when a tag is added, renamed, recoloured or deleted, and by whom", async () => {
    const onBea = await follow(bea);
    const made = await call('POST', '/tags/', alex, { name: 'Billing' });
    expect(made.statusCode).toBe(201);
    const tag = made.json().id as number;
    expect((await onBea.waitFor(tagEvent(tag, 'created'), 'the new tag')).data).toEqual({ tag, change: 'created', by: alexId });

    expect((await call('PATCH', `/tags/${tag}`, alex, { name: 'Invoices' })).statusCode).toBe(200);
    await onBea.waitFor(tagEvent(tag, 'updated'), 'the rename');
    expect((await call('PATCH', `/tags/${tag}`, alex, { color: '#1d4ed8' })).statusCode).toBe(200);
    await onBea.waitUntil(() => onBea.events.filter(tagEvent(tag, 'updated')).length === 2, 'the recolour');

    expect((await call('DELETE', `/tags/${tag}`, admin)).statusCode).toBe(204);
    const deleted = await onBea.waitFor(tagEvent(tag, 'deleted'), 'the delete');
    expect((deleted.data as { by: number }).by).toBe(adminId);
  });

  it('announces nothing for a refused tag change (a taken name, a missing tag, an agent deleting)', async () => {
    const onBea = await follow(bea);
    const alexActor = { id: alexId, role: 'agent' } as const;
    const { id: first } = await createTag(hd, { name: 'Refund' }, alexActor);
    const { id: second } = await createTag(hd, { name: 'Return' }, alexActor);
    await onBea.waitFor(tagEvent(second, 'created'), 'the second tag');
    expect((await call('PATCH', `/tags/${second}`, alex, { name: 'refund' })).statusCode).toBe(400);
    expect((await call('PATCH', '/tags/999999', alex, { name: 'Other' })).statusCode).toBe(404);
    expect((await call('DELETE', `/tags/${first}`, alex)).statusCode).toBe(403);
    // A marker after the refusals: by then any event of theirs would have arrived before it.
    expect((await call('PATCH', `/tags/${first}`, alex, { color: '#047857' })).statusCode).toBe(200);
    await onBea.waitFor(tagEvent(first, 'updated'), 'the marker');
    const tagEvents = onBea.events.filter((e) => e.event === 'tag.changed').map((e) => e.data);
    expect(tagEvents).toEqual([
      expect.objectContaining({ tag: first, change: 'created' }),
      expect.objectContaining({ tag: second, change: 'created' }),
      expect.objectContaining({ tag: first, change: 'updated' }),
    ]);
  });

  it("opening a ticket marks that agent's lines of that ticket read, and tells only that agent's streams", async () => {
    const opened = await file();
    const other = await file();
    await notify(alexId, opened);
    await notify(alexId, opened);
    const stays = await notify(alexId, other);
    await notify(beaId, opened);
    const [beforeAlex, beforeBea] = [await unread(alex), await unread(bea)];
    const onAlex = await follow(alex);
    const onBea = await follow(bea);

    expect((await call('GET', `/tickets/${opened}`, alex)).statusCode).toBe(200);
    const read = await onAlex.waitFor((e) => e.event === 'notifications.read', 'the read event');
    expect(read.data).toEqual({ ticket: opened });
    expect(await unread(alex)).toBe(beforeAlex - 2);
    // Bea's line of the same ticket, and Alex's line of another ticket, stay unread.
    expect(await unread(bea)).toBe(beforeBea);
    const alexLines = (await call('GET', '/notifications/?unread=true', alex)).json().notifications.map((n: { id: number }) => n.id);
    expect(alexLines).toContain(stays);

    // Opening it again changes nothing and says nothing; Bea's marker after it shows what her stream heard.
    expect((await call('GET', `/tickets/${opened}`, alex)).statusCode).toBe(200);
    expect((await call('GET', `/tickets/${opened}`, bea)).statusCode).toBe(200);
    await onBea.waitFor((e) => e.event === 'notifications.read', "Bea's own read event");
    expect(onAlex.events.filter((e) => e.event === 'notifications.read')).toHaveLength(1);
    expect(onBea.events.filter((e) => e.event === 'notifications.read')).toHaveLength(1);
    expect(await unread(bea)).toBe(beforeBea - 1);
  });

  it("the bell's own marking tells the agent's other tabs too", async () => {
    const line = await notify(alexId, await file());
    const otherTab = await follow(alex);
    const marked = await call('POST', '/notifications/read', alex, { ids: [line] });
    expect(marked.json().marked).toBe(1);
    expect((await otherTab.waitFor((e) => e.event === 'notifications.read', 'the read event')).data).toEqual({ ticket: null });
  });
});
