import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { relaxIntakeLimits, setRegistration, ticketPayload } from '../../test/fixtures.js';
import { describeEachDatabase } from '../../test/test-databases.js';
import { useTestHelpdesk } from '../../test/test-helpdesk.js';
import { addComment } from '../comments/add-comment.js';
import { createTerm } from '../content/create-term.js';
import { deleteTerm } from '../content/delete-term.js';
import type { Actor } from '../context.js';
import { ticketStatusCounts } from '../inbox/ticket-status-counts.js';
import { recordRating } from '../ratings/record-rating.js';
import { markTicketSolved } from './mark-ticket-solved.js';
import { updateTicket } from './update-ticket.js';

// posts.status_term_id (and reason_term_id, urgency_term_id) copy the ticket's rows in term_relationships (migration 070), which the inbox
// filters, orders and counts by, and ticket_status_counts holds the counts per status. Triggers keep both; this
// walks every path that writes a status and checks them after each one.
describeEachDatabase('the status copy on posts follows every status change', (dialect) => {
  const hd = useTestHelpdesk(dialect);
  let agent: Actor;
  let adminHeaders: Record<string, string>;

  const statusId = async (slug: string) =>
    (
      await hd.ctx.db
        .selectFrom('terms')
        .select('id')
        .where('taxonomy', '=', 'ticket_status')
        .where('slug', '=', slug)
        .executeTakeFirstOrThrow()
    ).id;
  const copyOf = async (ticketId: number) =>
    (await hd.ctx.db.selectFrom('posts').select('status_term_id').where('id', '=', ticketId).executeTakeFirstOrThrow()).status_term_id;
  /** Tickets whose copy differs from their status row (none, whatever happened). */
  const mismatches = async () =>
    (
      await hd.ctx.db
        .selectFrom('posts as p')
        .leftJoin('term_relationships as s', (join) => join.onRef('s.post_id', '=', 'p.id').on('s.taxonomy', '=', 'ticket_status'))
        .leftJoin('term_relationships as r', (join) => join.onRef('r.post_id', '=', 'p.id').on('r.taxonomy', '=', 'ticket_reason'))
        .leftJoin('term_relationships as u', (join) => join.onRef('u.post_id', '=', 'p.id').on('u.taxonomy', '=', 'ticket_urgency'))
        .select([
          'p.id',
          'p.status_term_id',
          's.term_id as status',
          'p.reason_term_id',
          'r.term_id as reason',
          'p.urgency_term_id',
          'u.term_id as urgency',
        ])
        .where('p.type', '=', 'ticket')
        .execute()
    ).filter((row) => row.status_term_id !== row.status || row.reason_term_id !== row.reason || row.urgency_term_id !== row.urgency);
  /** The kept counts per status against a count of the rows (both without zeros). */
  const keptAndCounted = async () => {
    const kept = await ticketStatusCounts(hd.ctx);
    const counted = await hd.ctx.db
      .selectFrom('term_relationships')
      .select(['term_id', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('taxonomy', '=', 'ticket_status')
      .groupBy('term_id')
      .execute();
    return {
      kept: Object.fromEntries([...kept].filter(([, n]) => n !== 0).sort(([a], [b]) => a - b)),
      counted: Object.fromEntries(counted.map((r) => [r.term_id, Number(r.n)]).sort(([a], [b]) => Number(a) - Number(b))),
    };
  };
  const expectInStep = async () => {
    expect(await mismatches()).toEqual([]);
    const { kept, counted } = await keptAndCounted();
    expect(kept).toEqual(counted);
  };
  const expectStatus = async (ticketId: number, slug: string) => {
    expect(await copyOf(ticketId)).toBe(await statusId(slug));
    await expectInStep();
  };
  const file = async () => {
    const res = await hd.app.inject({ method: 'POST', url: '/api/helpdesk/v1/tickets/', payload: ticketPayload() });
    expect(res.statusCode).toBe(201);
    const id = res.json().id as number;
    const { author_id } = await hd.ctx.db.selectFrom('posts').select('author_id').where('id', '=', id).executeTakeFirstOrThrow();
    return { id, client: { id: author_id as number, role: 'client' as const } };
  };

  beforeAll(async () => {
    await relaxIntakeLimits(hd.ctx);
    await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: true });
    const agentHeaders = await hd.authAs('agent');
    adminHeaders = await hd.authAs('admin');
    const me = await hd.app.inject({ method: 'GET', url: '/api/helpdesk/v1/me', headers: agentHeaders });
    agent = { id: me.json().user.id, role: 'agent' };
  });

  it('through intake, edits, bulk changes, comments, automatic moves, solved, ratings and deletion', async () => {
    const { id, client } = await file();
    await expectStatus(id, 'open');

    await updateTicket(hd.ctx, id, { status: 'closed' }, agent);
    await expectStatus(id, 'closed');
    // Reason and urgency are copied the same way: set, changed, cleared.
    const urgencies = await hd.ctx.db.selectFrom('terms').select('id').where('taxonomy', '=', 'ticket_urgency').orderBy('id').execute();
    const reason = await hd.ctx.db.selectFrom('terms').select('id').where('taxonomy', '=', 'ticket_reason').executeTakeFirstOrThrow();
    await updateTicket(hd.ctx, id, { urgency: urgencies[0]?.id, reason: reason.id }, agent);
    await expectInStep();
    expect(
      await hd.ctx.db.selectFrom('posts').select(['urgency_term_id', 'reason_term_id']).where('id', '=', id).executeTakeFirst(),
    ).toEqual({
      urgency_term_id: urgencies[0]?.id,
      reason_term_id: reason.id,
    });
    await updateTicket(hd.ctx, id, { urgency: urgencies[1]?.id }, agent);
    await expectInStep();
    await updateTicket(hd.ctx, id, { urgency: null, reason: null }, agent);
    await expectInStep();
    expect(
      await hd.ctx.db.selectFrom('posts').select(['urgency_term_id', 'reason_term_id']).where('id', '=', id).executeTakeFirst(),
    ).toEqual({
      urgency_term_id: null,
      reason_term_id: null,
    });

    const bulk = await hd.app.inject({
      method: 'POST',
      url: '/api/helpdesk/v1/tickets/bulk',
      headers: adminHeaders,
      payload: { ids: [id], status: 'in-progress' },
    });
    expect(bulk.statusCode).toBe(200);
    await expectStatus(id, 'in-progress');

    // The client's reply moves it to Waiting on its own; an agent's reply can set a status.
    await addComment(hd.ctx, { ticketId: id, text: 'Still broken.', role: 'client' }, client);
    await expectStatus(id, 'waiting');
    await addComment(hd.ctx, { ticketId: id, text: 'Fixed now.', role: 'agent', status: 'resolved' }, agent);
    await expectStatus(id, 'resolved');

    // "No, not yet" reopens a resolved ticket.
    const rated = await recordRating(hd.ctx, { ticketId: id, rating: 'no', requestId: `copy-${dialect}`, expiresAt: 4e9 }, '');
    expect(rated).toEqual({ state: 'recorded', reopened: true, superseded: false });
    await expectStatus(id, 'open');

    await markTicketSolved(hd.ctx, client.id, id);
    await expectStatus(id, 'resolved');

    const removed = await hd.app.inject({ method: 'DELETE', url: `/api/helpdesk/v1/tickets/${id}`, headers: adminHeaders });
    expect(removed.statusCode).toBe(204);
    await expectInStep();
  });

  it('through raw writes: a replaced row, a row moved to another taxonomy, a removed row, a deleted status', async () => {
    const { id } = await file();
    const [open, closed] = [await statusId('open'), await statusId('closed')];
    const k = hd.ctx.db;
    await k.deleteFrom('term_relationships').where('post_id', '=', id).where('taxonomy', '=', 'ticket_status').execute();
    expect(await copyOf(id)).toBeNull();
    await expectInStep();
    await k.insertInto('term_relationships').values({ post_id: id, taxonomy: 'ticket_status', term_id: closed }).execute();
    await expectStatus(id, 'closed');
    // An upsert, as a writer replacing the status in one statement would do.
    await k
      .insertInto('term_relationships')
      .values({ post_id: id, taxonomy: 'ticket_status', term_id: open })
      .onConflict((oc) => oc.columns(['post_id', 'taxonomy']).doUpdateSet({ term_id: open }))
      .execute();
    await expectStatus(id, 'open');
    // A status row turned into another taxonomy's row leaves the ticket without a status.
    await sql`update term_relationships set taxonomy = 'ticket_reason' where post_id = ${id} and taxonomy = 'ticket_status'`.execute(k);
    expect(await copyOf(id)).toBeNull();
    await expectInStep();
    await sql`update term_relationships set taxonomy = 'ticket_status' where post_id = ${id} and taxonomy = 'ticket_reason'`.execute(k);
    await expectStatus(id, 'open');
    // Deleting a status (the routes refuse one in use; the operation itself cascades) clears the copy too.
    const extra = await createTerm(hd.ctx, 'ticket_status', { name: 'Extra', slug: `extra-${dialect}`, order: 9 });
    await k
      .updateTable('term_relationships')
      .set({ term_id: extra.id })
      .where('post_id', '=', id)
      .where('taxonomy', '=', 'ticket_status')
      .execute();
    expect(await copyOf(id)).toBe(extra.id);
    await deleteTerm(hd.ctx, 'ticket_status', extra.id);
    expect(await copyOf(id)).toBeNull();
    await expectInStep();
  });
});
