import { expect, it } from 'vitest';
import { createTicket, signedInBrowser, userIdByEmail } from '../../test/factories.js';
import { relaxIntakeLimits, setRegistration } from '../../test/fixtures.js';
import { describeEachDatabase } from '../../test/test-databases.js';
import { useTestHelpdesk } from '../../test/test-helpdesk.js';
import { findTicket } from './find-ticket.js';

const csrfOf = (html: string) => /name="_csrf" value="([^"]+)"/.exec(html)?.[1] ?? '';

describeEachDatabase('a client marks their ticket solved', (dialect) => {
  const hd = useTestHelpdesk(dialect);

  it('from the thread, with the CSRF field, once an agent answered in public; own ticket only; the button goes once solved', async () => {
    await relaxIntakeLimits(hd.ctx);
    await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: true });
    const mine = await createTicket(hd);
    const theirs = await createTicket(hd);
    const browser = await signedInBrowser(hd, await userIdByEmail(hd, mine.email));
    const agent = await hd.authAs('agent');
    const reply = (id: number, text: string, extra: Record<string, unknown> = {}) =>
      hd.app.inject({ method: 'POST', url: `/api/helpdesk/v1/tickets/${id}/comments`, headers: agent, payload: { text, ...extra } });
    expect((await reply(theirs.id, 'Looking into it.')).statusCode).toBe(201);

    // Before any agent has answered there is nothing to call solved: no button, and the server refuses it.
    const unanswered = await browser.get(`/tickets/?ticket=${mine.number}`);
    expect(unanswered.body).toContain('Send reply');
    expect(unanswered.body).not.toContain('Mark as solved');
    const csrf = csrfOf(unanswered.body);
    const early = await browser.post('/account/solve/', { _csrf: csrf, ticket_id: String(mine.id), return_to: '/tickets/' });
    expect(early.statusCode).toBe(409);
    expect(early.headers['content-type']).toContain('application/problem+json');
    expect(early.json()).toMatchObject({ status: 409, code: 'CONFLICT', detail: expect.stringContaining('Nobody has answered') });
    expect((await findTicket(hd.ctx, mine.id))?.ticketStatus).toBe('open');
    // An internal note is no answer to the client.
    expect((await reply(mine.id, 'Note to self.', { internal: true })).statusCode).toBe(201);
    expect((await browser.get(`/tickets/?ticket=${mine.number}`)).body).not.toContain('Mark as solved');
    const stillEarly = await browser.post('/account/solve/', { _csrf: csrf, ticket_id: String(mine.id), return_to: '/tickets/' });
    expect(stillEarly.statusCode).toBe(409);

    expect((await reply(mine.id, 'Try turning it off and on.')).statusCode).toBe(201);
    const thread = await browser.get(`/tickets/?ticket=${mine.number}`);
    expect(thread.body).toContain('Mark as solved');

    const forged = await browser.post('/account/solve/', { ticket_id: String(mine.id), return_to: '/tickets/' });
    expect(forged.statusCode).toBe(403);
    const other = await browser.post('/account/solve/', { _csrf: csrf, ticket_id: String(theirs.id), return_to: '/tickets/' });
    expect(other.statusCode).toBe(404);
    expect((await findTicket(hd.ctx, theirs.id))?.ticketStatus).not.toBe('resolved');

    const solved = await browser.post('/account/solve/', { _csrf: csrf, ticket_id: String(mine.id), return_to: '/tickets/' });
    expect(solved.statusCode).toBe(303);
    expect(solved.headers.location).toContain('notice=ticket_solved');
    expect((await findTicket(hd.ctx, mine.id))?.ticketStatus).toBe('resolved');
    const after = await browser.get(`/tickets/?ticket=${mine.number}&notice=ticket_solved`);
    expect(after.body).toContain('The ticket is marked solved');
    expect(after.body).not.toContain('Mark as solved');
  });
});
