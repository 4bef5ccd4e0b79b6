import { afterEach, beforeEach, describe, expect, inject, it, vi } from 'vitest';
import { relaxIntakeLimits, setRegistration, ticketPayload } from '../../test/fixtures.js';
import { mechanismsOn } from '../../test/mechanisms-on.js';
import { describeEachDatabase } from '../../test/test-databases.js';
import { useTestHelpdesk } from '../../test/test-helpdesk.js';
import { useTwoPostgresInstances } from '../../test/two-instances.js';
import { createTerm } from '../content/create-term.js';
import { deleteTerm } from '../content/delete-term.js';
import { updateTerm } from '../content/update-term.js';
import { listInbox } from '../inbox/list-inbox.js';
import { readTicketTerms } from './ticket-terms.js';

describeEachDatabase('the ticket terms filing reads from the cache', (dialect) => {
  const hd = useTestHelpdesk(dialect);
  // The clock stands still, so only a write can refresh the cached terms.
  beforeEach(() => vi.useFakeTimers({ toFake: ['Date'] }));
  afterEach(() => vi.useRealTimers());

  it('follow every term write at once: a new reason, a reordered status, a deleted urgency', async () => {
    const before = await readTicketTerms(hd.ctx);
    const reason = await createTerm(hd.ctx, 'ticket_reason', { name: 'Billing question' });
    expect((await readTicketTerms(hd.ctx)).has('ticket_reason', reason.id)).toBe(true);

    const waiting = await hd.ctx.db
      .selectFrom('terms')
      .select('id')
      .where('taxonomy', '=', 'ticket_status')
      .where('slug', '=', 'waiting')
      .executeTakeFirstOrThrow();
    expect(before.initialStatus.slug).not.toBe('waiting');
    await updateTerm(hd.ctx, 'ticket_status', waiting.id, { order: -1 });
    expect((await readTicketTerms(hd.ctx)).initialStatus).toEqual({ id: waiting.id, slug: 'waiting' });

    const urgency = await createTerm(hd.ctx, 'ticket_urgency', { name: 'Whenever' });
    expect((await readTicketTerms(hd.ctx)).has('ticket_urgency', urgency.id)).toBe(true);
    await deleteTerm(hd.ctx, 'ticket_urgency', urgency.id);
    expect((await readTicketTerms(hd.ctx)).has('ticket_urgency', urgency.id)).toBe(false);
  });
});

describeEachDatabase('a term the cached ticket terms lack', (dialect) => {
  const hd = useTestHelpdesk(dialect);
  beforeEach(() => vi.useFakeTimers({ toFake: ['Date'] }));
  afterEach(() => vi.useRealTimers());

  // Pins the cache: without it there is nothing stale to read anew.
  it.runIf(mechanismsOn('caches'))(
    'is read anew for the inbox: a status made elsewhere whose notice has not arrived shows, and filters',
    async () => {
      await relaxIntakeLimits(hd.ctx);
      await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: true });
      const filed = await hd.app.inject({ method: 'POST', url: '/api/helpdesk/v1/tickets/', payload: ticketPayload() });
      expect(filed.statusCode).toBe(201);
      const ticketId = filed.json().id as number;
      expect((await listInbox(hd.ctx, { page: 1, perPage: 10 })).tickets[0]?.status?.slug).toBe('open');

      // As another instance would write it: straight to the tables, so this one's cache is not cleared.
      const escalated = await hd.ctx.db
        .insertInto('terms')
        .values({ taxonomy: 'ticket_status', name: 'Escalated', slug: 'escalated', term_order: 9, client_label: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      await hd.ctx.db
        .updateTable('term_relationships')
        .set({ term_id: escalated.id })
        .where('post_id', '=', ticketId)
        .where('taxonomy', '=', 'ticket_status')
        .execute();
      expect((await readTicketTerms(hd.ctx)).has('ticket_status', escalated.id)).toBe(false);

      const page = await listInbox(hd.ctx, { page: 1, perPage: 10 });
      expect(page.tickets[0]?.status).toEqual({ slug: 'escalated', name: 'Escalated' });
      const filtered = await listInbox(hd.ctx, { status: 'escalated', page: 1, perPage: 10 });
      expect(filtered.tickets.map((t) => t.id)).toEqual([ticketId]);
      expect(filtered.counts.escalated).toBe(1);
    },
  );
});

describe.skipIf(!inject('postgresUrl'))('ticket terms written on one instance [postgres]', () => {
  const instances = useTwoPostgresInstances();

  it('are seen by the other instance at once, not after its cache expires (5 s)', async () => {
    expect((await readTicketTerms(instances.reader())).has('ticket_reason', -1)).toBe(false);
    const reason = await createTerm(instances.writer(), 'ticket_reason', { name: 'Added elsewhere' });
    await expect
      .poll(async () => (await readTicketTerms(instances.reader())).has('ticket_reason', reason.id), { timeout: 2_000, interval: 20 })
      .toBe(true);
  });
});
