import { expect, it } from 'vitest';
import { createSession } from '../../../auth/sessions.js';
import { addComment } from '../../../domain/comments/add-comment.js';
import { findTermId } from '../../../domain/content/find-term-id.js';
import { relaxIntakeLimits, setRegistration, ticketPayload } from '../../../test/fixtures.js';
import { SiteClient } from '../../../test/site-client.js';
import { describeEachDatabase } from '../../../test/test-databases.js';
import { useTestHelpdesk } from '../../../test/test-helpdesk.js';

describeEachDatabase('statuses have client-facing labels', (dialect) => {
  const hd = useTestHelpdesk(dialect);

  it('Waiting reads "Awaiting our reply" to the client; an admin changes the label per status; agents keep the name', async () => {
    await relaxIntakeLimits(hd.ctx);
    await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: true });
    const filed = await hd.app.inject({ method: 'POST', url: '/api/helpdesk/v1/tickets/', payload: ticketPayload() });
    const { id, number } = filed.json() as { id: number; number: number };
    const row = await hd.ctx.db.selectFrom('posts').select('author_id').where('id', '=', id).executeTakeFirstOrThrow();
    const client = { id: row.author_id as number, role: 'client' as const };
    await addComment(hd.ctx, { ticketId: id, text: 'More detail', role: 'client' }, client);
    const browser = new SiteClient(hd.app);
    browser.cookies.set('hd_session', await createSession(hd.ctx.db, client.id));
    expect((await browser.get(`/tickets/?ticket=${number}`)).body).toContain('<bdi class="status">Awaiting our reply</bdi>');

    const admin = await hd.authAs('admin');
    const waiting = await findTermId(hd.ctx.db, 'ticket_status', 'waiting');
    const patched = await hd.app.inject({
      method: 'PATCH',
      url: `/api/helpdesk/v1/statuses/${waiting}`,
      headers: admin,
      payload: { client_label: 'With our team' },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ name: 'Waiting', client_label: 'With our team' });
    expect((await browser.get(`/tickets/?ticket=${number}`)).body).toContain('<bdi class="status">With our team</bdi>');
    const agentView = await hd.app.inject({ method: 'GET', url: `/api/helpdesk/v1/tickets/${id}`, headers: admin });
    expect((agentView.json() as { status: { name: string } }).status.name).toBe('Waiting');
    // Reasons take no client label.
    const reason = await hd.app.inject({
      method: 'POST',
      url: '/api/helpdesk/v1/reasons/',
      headers: admin,
      payload: { name: 'X', client_label: 'Y' },
    });
    expect(reason.statusCode).toBe(400);
  });
});
