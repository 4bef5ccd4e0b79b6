import { beforeAll, expect, it } from 'vitest';
import type { QueryOf, RequestOf, ResponseOf } from '../../../../common/contract/api-types.js';
import { addComment } from '../../../domain/comments/add-comment.js';
import { markTicketRead } from '../../../domain/tickets/ticket-reads.js';
import type { MailJobPayload } from '../../../email/mail-job-payload.js';
import { buildMail } from '../../../email/mail-jobs.js';
import type { JobRow } from '../../../jobs/queue.js';
import type { LiveMessage } from '../../../live/live-bus.js';
import { createApiClient } from '../../../test/api-client.js';
import { relaxIntakeLimits, setRegistration, ticketPayload } from '../../../test/fixtures.js';
import { describeEachDatabase } from '../../../test/test-databases.js';
import { useTestHelpdesk } from '../../../test/test-helpdesk.js';

type Headers = Record<string, string>;
type InboxPage = ResponseOf<'listTickets'>;

describeEachDatabase('a team inbox: tags, bulk changes, views and unread markers', (dialect) => {
  const hd = useTestHelpdesk(dialect);
  let agent: Headers;
  let admin: Headers;
  let client: Headers;
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, headers: Headers = {}, payload?: object) =>
    hd.app.inject({ method, url: `/api/helpdesk/v1${url}`, headers, payload });
  /** The typed client (server/test/api-client.ts) as `who`. */
  const as = (who: Headers = {}) => createApiClient(hd.app, who);
  const idOf = async (headers: Headers) => (await as(headers).get('/me')).expectBody(200).user?.id ?? 0;
  const file = async (overrides: Record<string, unknown> = {}) =>
    (await as().post('/tickets/', { body: ticketPayload(overrides) })).expectBody(201).id;
  const list = async (query: string, who: Headers = agent) => {
    const params = Object.fromEntries(new URLSearchParams(`per_page=100&${query}`)) as QueryOf<'listTickets'>;
    return (await as(who).get('/tickets/', { query: params })).expectBody(200);
  };
  const ids = (page: InboxPage) => page.tickets.map((t) => t.id);
  const viewCounts = async (who: Headers) => (await as(who).get('/tickets/views')).expectBody(200);
  const tagEvents = (ticket: { events: Array<{ field: string; from: string | null; to: string | null; by: { id: number } | null }> }) =>
    ticket.events.filter((e) => e.field === 'tag').map((e) => [e.from, e.to, e.by?.id]);

  beforeAll(async () => {
    await relaxIntakeLimits(hd.ctx);
    await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: true });
    [agent, admin, client] = await Promise.all([hd.authAs('agent'), hd.authAs('admin'), hd.authAs('client')]);
  });

  it('tags: agents add, rename and recolour them; only admins delete; clients and strangers are refused', async () => {
    const made = await call('POST', '/tags/', agent, { name: '  Refund   request ' });
    expect(made.statusCode).toBe(201);
    const tag = made.json();
    expect(tag).toEqual({
      id: expect.any(Number),
      name: 'Refund request',
      slug: 'refund-request',
      color: expect.stringMatching(/^#[0-9a-f]{6}$/),
    });
    // The same words again are the same tag.
    const again = await call('POST', '/tags/', agent, { name: 'refund REQUEST' });
    expect(again.statusCode).toBe(400);
    expect(again.json().errors[0].field).toBe('name');

    const renamed = await call('PATCH', `/tags/${tag.id}`, agent, { name: 'Refund', color: '#B91C1C' });
    expect(renamed.json()).toEqual({ id: tag.id, name: 'Refund', slug: 'refund', color: '#b91c1c' });
    const badColour = await call('PATCH', `/tags/${tag.id}`, agent, { color: 'red' });
    expect(badColour.statusCode).toBe(400);
    expect(JSON.stringify(badColour.json())).toContain('color');
    expect((await call('PATCH', '/tags/999999', agent, { name: 'x' })).statusCode).toBe(404);

    expect((await call('GET', '/tags/', client)).statusCode).toBe(403);
    expect((await call('POST', '/tags/', client, { name: 'mine' })).statusCode).toBe(403);
    expect((await call('GET', '/tags/')).statusCode).toBe(401);
    expect((await call('DELETE', `/tags/${tag.id}`, agent)).statusCode).toBe(403);

    const id = await file();
    expect((await call('PATCH', `/tickets/${id}`, agent, { tags: ['Refund'] })).statusCode).toBe(200);
    const listed = (await call('GET', '/tags/', agent)).json().find((t: { id: number }) => t.id === tag.id);
    expect(listed).toMatchObject({ name: 'Refund', tickets: 1 });
    expect((await call('DELETE', `/tags/${tag.id}`, admin)).statusCode).toBe(204);
    expect((await call('GET', `/tickets/${id}`, agent)).json().tags).toEqual([]);
    expect((await call('DELETE', `/tags/${tag.id}`, admin)).statusCode).toBe(404);

    // Words without ASCII letters are tags of their own, not one shared slug.
    const urgent = (await call('POST', '/tags/', agent, { name: 'срочно' })).json();
    const later = (await call('POST', '/tags/', agent, { name: 'позже' })).json();
    expect(urgent.slug).toMatch(/^tag-[0-9a-f]{12}$/);
    expect(later.slug).not.toBe(urgent.slug);
  });

  it("a ticket's tags: typed names make tags, each change logged (who, when), the version checked, the inbox filters by tag", async () => {
    const agentId = await idOf(agent);
    const id = await file();
    const other = await file();
    const opened = await call('GET', `/tickets/${id}`, agent);
    const tagged = await call('PATCH', `/tickets/${id}`, { ...agent, 'if-match': opened.headers.etag as string }, { tags: ['VIP', 'Bug'] });
    expect(tagged.statusCode).toBe(200);
    expect(tagged.json().tags.map((t: { name: string }) => t.name)).toEqual(['Bug', 'VIP']);
    const retagged = await call('PATCH', `/tickets/${id}`, agent, { tags: ['vip', 'Billing'], version: tagged.json().version });
    expect(retagged.statusCode).toBe(200);
    // "vip" is the VIP tag: it stays; Bug goes, Billing comes.
    expect(retagged.json().tags.map((t: { name: string }) => t.name)).toEqual(['Billing', 'VIP']);
    expect(tagEvents(retagged.json())).toEqual([
      [null, 'VIP', agentId],
      [null, 'Bug', agentId],
      ['Bug', null, agentId],
      [null, 'Billing', agentId],
    ]);
    expect(retagged.json().events.find((e: { field: string }) => e.field === 'tag').created).toEqual(expect.any(String));

    // A stale version: 409 naming the tag change, and nothing saved.
    const stale = await call('PATCH', `/tickets/${id}`, agent, { tags: [], version: tagged.json().version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().detail).toContain('added the tag Billing');
    expect((await call('GET', `/tickets/${id}`, agent)).json().tags).toHaveLength(2);

    const tooLong = await call('PATCH', `/tickets/${id}`, agent, { tags: ['x'.repeat(41)] });
    expect(tooLong.statusCode).toBe(400);
    const tooMany = await call('PATCH', `/tickets/${id}`, agent, { tags: Array.from({ length: 21 }, (_, i) => `t${i}`) });
    expect(tooMany.statusCode).toBe(400);

    expect(ids(await list('tag=vip'))).toEqual([id]);
    expect(ids(await list('tag=billing&status=open'))).toEqual([id]);
    expect(ids(await list('tag=no-such-tag'))).toEqual([]);
    expect(ids(await list('tag=vip'))).not.toContain(other);
    const clientView = await call('GET', `/tickets/${id}`, client);
    expect(clientView.statusCode).toBe(404);
  });

  it('bulk assign of 50 tickets in one request: 50 activity entries and live events, one mail listing them, none half done', async () => {
    const bulkAgent = await hd.authAs('agent');
    const assigneeId = await idOf(bulkAgent);
    const actorId = await idOf(agent);
    const tickets: number[] = [];
    for (let i = 0; i < 50; i += 1) tickets.push(await file({ subject: `Bulk ${i}` }));

    // An unknown id refuses the whole request, naming it; nothing changes.
    const bulk = (who: Headers, body: RequestOf<'bulkUpdateTickets'>) => as(who).post('/tickets/bulk', { body });
    const refused = (await bulk(agent, { ids: [...tickets, 999_999], assignee: assigneeId })).expectBody(400);
    expect(refused.errors?.[0]?.field).toBe('ids');
    expect(refused.detail).toContain('999999');
    expect((await list('view=mine', bulkAgent)).total).toBe(0);
    (await bulk(agent, { ids: tickets, assignee: assigneeId, status: 'closed' })).expectBody(400);
    const unknownStatus = (await bulk(agent, { ids: tickets, status: 'no-such-status' })).expectBody(400);
    expect(unknownStatus.errors?.[0]?.field).toBe('status');
    (await bulk(client, { ids: tickets, assignee: assigneeId })).expectBody(403);

    const heard: LiveMessage[] = [];
    const stop = hd.ctx.live.subscribe((message) => heard.push(message));
    const mailsBefore = await assignmentMails(assigneeId);
    const singleBefore = await assignmentMails(actorId);
    const done = await bulk(agent, { ids: tickets, assignee: assigneeId });
    stop();
    expect(done.expectBody(200).changed.map((c) => c.id)).toEqual(tickets);
    expect(done.expectBody(200).unchanged).toEqual([]);

    const events = await hd.ctx.db
      .selectFrom('ticket_events')
      .select(['ticket_id', 'actor_id', 'new_value'])
      .where('field', '=', 'assignee')
      .where('ticket_id', 'in', tickets)
      .execute();
    expect(events).toHaveLength(50);
    expect(new Set(events.map((e) => e.actor_id))).toEqual(new Set([actorId]));
    const updates = heard.filter((m) => m.kind === 'ticket.updated' && tickets.includes(m.ticketId));
    expect(updates).toHaveLength(50);
    expect(updates[0]).toMatchObject({ fields: ['assignee'], by: actorId });
    // Fifty tickets send one mail listing them, not fifty.
    const mails = (await assignmentMails(assigneeId)).slice(mailsBefore.length);
    expect(mails).toEqual([{ template: 'agent_tickets_assigned', userId: assigneeId, ticketId: null, ticketIds: tickets }]);
    const message = await buildMail(
      hd.ctx,
      hd.config,
      { id: 1, created_at: '2026-01-01T00:00:00.000Z' } as JobRow,
      mails[0] as MailJobPayload,
    );
    expect(message && 'text' in message && message.text).toContain('Bulk 49');
    expect(message && 'text' in message && message.text).toContain('/admin/?view=mine');
    // A bulk change giving one ticket to someone sends the usual mail; taking tickets oneself sends none.
    (await bulk(bulkAgent, { ids: tickets.slice(0, 1), assignee: actorId })).expectBody(200);
    expect((await assignmentMails(actorId)).slice(singleBefore.length)).toEqual([
      { template: 'agent_ticket_assigned', userId: actorId, ticketId: tickets[0] },
    ]);
    const taken = await assignmentMails(actorId);
    (await bulk(agent, { ids: tickets.slice(0, 2), assignee: actorId })).expectBody(200);
    expect(await assignmentMails(actorId)).toEqual(taken);
    (await bulk(agent, { ids: tickets.slice(0, 2), assignee: assigneeId })).expectBody(200);

    expect((await list('view=mine', bulkAgent)).total).toBe(50);
    expect((await viewCounts(bulkAgent)).mine).toBe(50);

    // The same change again takes effect nowhere; a tag added in bulk is logged per ticket.
    const again = await bulk(agent, { ids: tickets.slice(0, 5), assignee: assigneeId });
    expect(again.expectBody(200)).toEqual({ changed: [], unchanged: tickets.slice(0, 5) });
    const tagged = await bulk(agent, { ids: tickets.slice(0, 5), add_tag: 'Bulk tag' });
    expect(tagged.expectBody(200).changed).toHaveLength(5);
    expect((await list('tag=bulk-tag')).total).toBe(5);
    const untagged = await bulk(agent, { ids: tickets.slice(0, 2), remove_tag: 'bulk TAG' });
    expect(untagged.expectBody(200).changed).toHaveLength(2);
    expect((await list('tag=bulk-tag')).total).toBe(3);
    const closed = await bulk(agent, { ids: tickets.slice(0, 3), status: 'closed' });
    expect(closed.expectBody(200).changed).toHaveLength(3);
    expect((await list('view=mine&status=closed', bulkAgent)).total).toBe(3);
  });

  it('views: Mine, Unassigned and Needs reply filter the inbox and are counted', async () => {
    const me = await hd.authAs('agent');
    const meId = await idOf(me);
    const before = await viewCounts(me);
    const waiting = await file();
    const answered = await file();
    const noted = await file();
    const done = await file();
    await call('PATCH', `/tickets/${answered}`, agent, { assignee: meId });
    expect((await call('POST', `/tickets/${answered}/comments`, me, { text: 'Here is how.' })).statusCode).toBe(201);
    expect((await call('POST', `/tickets/${noted}/comments`, agent, { text: 'Checking', internal: true })).statusCode).toBe(201);
    await call('PATCH', `/tickets/${done}`, agent, { status: 'resolved' });

    const needsReply = ids(await list('view=needs-reply', me));
    expect(needsReply).toEqual(expect.arrayContaining([waiting, noted]));
    expect(needsReply).not.toContain(answered);
    expect(needsReply).not.toContain(done);
    expect(ids(await list('view=mine', me))).toEqual([answered]);
    const unassigned = ids(await list('view=unassigned', me));
    expect(unassigned).toEqual(expect.arrayContaining([waiting, noted, done]));
    expect(unassigned).not.toContain(answered);

    const after = await viewCounts(me);
    expect(after.mine - before.mine).toBe(1);
    expect(after.unassigned - before.unassigned).toBe(3);
    expect(after.needs_reply - before.needs_reply).toBe(2);

    // The client answers: it needs a reply again.
    const clientId = (await call('GET', `/tickets/${answered}`, me)).json().client.id;
    await addComment(hd.ctx, { ticketId: answered, text: 'Still broken.', role: 'client' }, { id: clientId, role: 'client' });
    expect(ids(await list('view=needs-reply', me))).toContain(answered);
    expect((await call('GET', '/tickets/?view=everything', me)).statusCode).toBe(400);
    expect((await call('GET', '/tickets/views', client)).statusCode).toBe(403);
    expect((await call('GET', '/tickets/views')).statusCode).toBe(401);
  });

  it('unread: per agent, until they open the ticket; their own changes do not count, a colleague’s and the client’s do', async () => {
    const alex = await hd.authAs('agent');
    const blair = await hd.authAs('agent');
    const alexId = await idOf(alex);
    const id = await file();
    const unreadFor = async (who: Headers) => (await list('view=unassigned', who)).tickets.find((t) => t.id === id)?.unread;
    expect(await unreadFor(alex)).toBe(true);
    expect(await unreadFor(blair)).toBe(true);

    await call('GET', `/tickets/${id}`, alex);
    expect(await unreadFor(alex)).toBe(false);
    expect(await unreadFor(blair)).toBe(true);

    // Alex's own change: still read for Alex, news for Blair.
    await call('PATCH', `/tickets/${id}`, alex, { tags: ['Follow up'] });
    expect(await unreadFor(alex)).toBe(false);
    await call('GET', `/tickets/${id}`, blair);
    expect(await unreadFor(blair)).toBe(false);

    // Blair's reply is news for Alex; and for Alex's "Mine", one unread.
    await call('PATCH', `/tickets/${id}`, blair, { assignee: alexId });
    const mine = await list('view=mine', alex);
    expect(mine.tickets.map((t) => [t.id, t.unread])).toEqual([[id, true]]);
    expect((await viewCounts(alex)).unread).toBe(1);
    await call('GET', `/tickets/${id}`, alex);
    expect((await viewCounts(alex)).unread).toBe(0);

    const clientId = (await call('GET', `/tickets/${id}`, blair)).json().client.id;
    await addComment(hd.ctx, { ticketId: id, text: 'Any news?', role: 'client' }, { id: clientId, role: 'client' });
    expect((await list('view=mine', alex)).tickets[0]?.unread).toBe(true);

    // A read never goes back: an older version recorded late keeps the newer one.
    const current = (await call('GET', `/tickets/${id}`, alex)).json().version as number;
    await markTicketRead(hd.ctx.db, alexId, id, current - 1);
    expect((await list('view=mine', alex)).tickets[0]?.unread).toBe(false);
  });

  async function assignmentMails(userId: number): Promise<MailJobPayload[]> {
    const jobs = await hd.ctx.db.selectFrom('jobs').select('payload').where('kind', '=', 'mail').orderBy('id').execute();
    return jobs
      .map((j) => JSON.parse(j.payload) as MailJobPayload)
      .filter((p) => p.template.startsWith('agent_ticket') && 'userId' in p && p.userId === userId);
  }
});
