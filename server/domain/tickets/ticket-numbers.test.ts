import { expect, it } from 'vitest';
import { createSession } from '../../auth/sessions.js';
import { relaxIntakeLimits, setRegistration, ticketPayload } from '../../test/fixtures.js';
import { mechanismsOn } from '../../test/mechanisms-on.js';
import { memoryMail, SiteClient } from '../../test/site-client.js';
import { describeEachDatabase } from '../../test/test-databases.js';
import { createTestHelpdesk, useTestHelpdesk } from '../../test/test-helpdesk.js';
import { createPost } from '../content/create-post.js';
import { createTicket } from './create-ticket.js';

const TICKETS = '/api/helpdesk/v1/tickets/';

describeEachDatabase('tickets are numbered in their own sequence', (dialect) => {
  const hd = useTestHelpdesk(dialect, { freshEach: true });

  it('the first ticket after a doc and a product is #1 on the page, in the mail and in the API answer', async () => {
    await relaxIntakeLimits(hd.ctx);
    await setRegistration(hd.ctx, { anyoneCanRegister: true, createAccounts: true });
    const mail = memoryMail(hd);
    const agent = await hd.authAs('agent');
    await createPost(hd.ctx, 'doc', { title: 'Getting started', content: 'Hi' }, null);
    await createPost(hd.ctx, 'product', { title: 'Storefront' }, null);

    const first = await hd.app.inject({ method: 'POST', url: TICKETS, payload: ticketPayload({ subject: 'First one' }) });
    expect(first.statusCode).toBe(201);
    const body = first.json() as { id: number; number: number };
    expect(body.number).toBe(1);
    // The id is shared with docs, products and the seeded pages, so it is not 1: the number is what people read.
    expect(body.id).toBeGreaterThan(1);
    expect(first.headers.location).toBe(`${TICKETS}${body.id}`);

    await createPost(hd.ctx, 'doc', { title: 'Another doc', content: 'Hi' }, null);
    const second = await hd.app.inject({ method: 'POST', url: TICKETS, payload: ticketPayload({ subject: 'Second one' }) });
    expect((second.json() as { number: number }).number).toBe(2);

    const sent = await mail.drain();
    // Every mail of a ticket has one subject, with the number people read.
    expect(sent.map((m) => m.subject)).toContain('First one [#1]');
    expect(sent.map((m) => m.subject).filter((s) => s === 'Second one [#2]').length).toBeGreaterThanOrEqual(2);

    const author = await hd.ctx.db.selectFrom('posts').select('author_id').where('id', '=', body.id).executeTakeFirstOrThrow();
    const browser = new SiteClient(hd.app);
    browser.cookies.set('hd_session', await createSession(hd.ctx.db, author.author_id as number));
    expect((await browser.get(`/tickets/?ticket=${body.number}`)).body).toContain('Ticket <bdi dir="ltr">#1</bdi> ·');
    expect((await browser.get('/tickets/')).body).toContain('<span class="hint"><bdi dir="ltr">#1</bdi></span>');

    const detail = await hd.app.inject({ method: 'GET', url: `/api/helpdesk/v1/tickets/${body.id}`, headers: agent });
    expect((detail.json() as { number: number }).number).toBe(1);
    const found = await hd.app.inject({ method: 'GET', url: '/api/helpdesk/v1/tickets/?search=%232', headers: agent });
    expect((found.json() as { tickets: Array<{ number: number }> }).tickets.map((t) => t.number)).toContain(2);
  });

  it('an idempotent replay answers with the same number', async () => {
    await setRegistration(hd.ctx, { anyoneCanRegister: true, createAccounts: true });
    const payload = ticketPayload({ idempotency_key: 'key-12345678' });
    const a = await hd.app.inject({ method: 'POST', url: TICKETS, payload });
    const b = await hd.app.inject({ method: 'POST', url: TICKETS, payload });
    expect(b.statusCode).toBe(200);
    expect(b.json()).toEqual(a.json());
    expect((a.json() as { number: number }).number).toBe(1);
  });

  // On SQLite two connections in one process rely on the group commit's turns: committing each unit alone,
  // one connection's busy wait holds the thread the other needs to commit (two processes, as deployed, do not).
  it.runIf(dialect === 'postgres' || mechanismsOn('group-commit'))(
    'two instances on one database filing at once never share a number, and none is skipped',
    async () => {
      await setRegistration(hd.ctx, { anyoneCanRegister: true, createAccounts: true });
      const other = await createTestHelpdesk(dialect, { databaseUrl: hd.config.databaseUrl });
      try {
        const staff = { id: 1, role: 'admin' as const };
        const files = Array.from({ length: 40 }, (_, i) =>
          createTicket(i % 2 ? hd.ctx : other.ctx, { ...ticketPayload(), subject: `Parallel ${i}` }, staff),
        );
        const numbers = (await Promise.all(files)).map((t) => t.number).sort((x, y) => x - y);
        expect(numbers).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
      } finally {
        await other.close();
      }
    },
  );
});
