import { expect, it } from 'vitest';
import { createSession } from '../auth/sessions.js';
import { relaxIntakeLimits, setRegistration, ticketPayload } from '../test/fixtures.js';
import { SiteClient } from '../test/site-client.js';
import { describeEachDatabase } from '../test/test-databases.js';
import { useTestHelpdesk } from '../test/test-helpdesk.js';
import { findTicket } from './find-ticket.js';

const csrfOf = (html: string) => /name="_csrf" value="([^"]+)"/.exec(html)?.[1] ?? '';

describeEachDatabase('a client marks their ticket solved (issue 15)', (dialect) => {
  const hd = useTestHelpdesk(dialect);

  it('from the thread, with the CSRF field; only their own ticket; the button goes once it is solved', async () => {
    await relaxIntakeLimits(hd.ctx);
    await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: true });
    const file = async () => {
      const res = await hd.app.inject({ method: 'POST', url: '/api/helpdesk/v1/tickets/', payload: ticketPayload() });
      const { id, number } = res.json() as { id: number; number: number };
      const row = await hd.ctx.db.selectFrom('posts').select('author_id').where('id', '=', id).executeTakeFirstOrThrow();
      return { id, number, authorId: row.author_id as number };
    };
    const mine = await file();
    const theirs = await file();
    const browser = new SiteClient(hd.app);
    browser.cookies.set('hd_session', await createSession(hd.ctx.db, mine.authorId));
    const thread = await browser.get(`/tickets/?ticket=${mine.number}`);
    expect(thread.body).toContain('Mark as solved');
    const csrf = csrfOf(thread.body);

    const forged = await browser.post('/account/solve/', { ticket_id: String(mine.id), return_to: '/tickets/' });
    expect(forged.statusCode).toBe(403);
    const other = await browser.post('/account/solve/', { _csrf: csrf, ticket_id: String(theirs.id), return_to: '/tickets/' });
    expect(other.statusCode).toBe(404);
    expect((await findTicket(hd.ctx, theirs.id))?.ticketStatus).toBe('open');

    const solved = await browser.post('/account/solve/', { _csrf: csrf, ticket_id: String(mine.id), return_to: '/tickets/' });
    expect(solved.statusCode).toBe(303);
    expect(solved.headers.location).toContain('notice=ticket_solved');
    expect((await findTicket(hd.ctx, mine.id))?.ticketStatus).toBe('resolved');
    const after = await browser.get(`/tickets/?ticket=${mine.number}&notice=ticket_solved`);
    expect(after.body).toContain('The ticket is marked solved');
    expect(after.body).not.toContain('Mark as solved');
  });
});
