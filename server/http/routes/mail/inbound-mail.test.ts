import { expect, it } from 'vitest';
import { writeImapStatus } from '../../../mail-inbound/imap-status.js';
import { receiveMail } from '../../../mail-inbound/receive-mail.js';
import { composeMail } from '../../../test/compose-mail.js';
import { setRegistration } from '../../../test/fixtures.js';
import { describeEachDatabase } from '../../../test/test-databases.js';
import { useTestHelpdesk } from '../../../test/test-helpdesk.js';

describeEachDatabase('incoming mail for admins', (dialect) => {
  const hd = useTestHelpdesk(dialect, { freshEach: true });
  const get = (url: string, headers = {}) => hd.app.inject({ method: 'GET', url: `/api/helpdesk/v1${url}`, headers });

  it('status, failed list with the reason, and a retry that imports once the cause is fixed; admins only', async () => {
    const admin = await hd.authAs('admin');
    const agent = await hd.authAs('agent');
    await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: false });
    const deps = { ctx: hd.ctx, config: hd.config, counters: hd.counters };
    const raw = await composeMail({ from: 'new@client.test', to: 'support@help.test', subject: 'Let me in', text: 'Please.' });
    expect(await receiveMail(deps, raw, 'imap')).toMatchObject({ kind: 'rejected' });
    await writeImapStatus(hd.ctx.db, { lastCheckAt: '2026-11-25T10:00:00.000Z', lastError: 'Connection refused' });

    for (const url of ['/mail/inbound/status', '/mail/inbound/failed/']) {
      expect((await get(url)).statusCode).toBe(401);
      expect((await get(url, agent)).statusCode).toBe(403);
    }
    expect((await get('/mail/inbound/status', admin)).json()).toEqual({
      imap_configured: false,
      mailbox: null,
      last_check_at: '2026-11-25T10:00:00.000Z',
      last_error: 'Connection refused',
      last_error_at: null,
      imported: 0,
      failed: 1,
    });
    const failed = (await get('/mail/inbound/failed/', admin)).json() as Array<{ id: number; sender: string; reason: string }>;
    expect(failed).toEqual([
      expect.objectContaining({ sender: 'new@client.test', subject: 'Let me in', reason: expect.stringMatching(/\S/) }),
    ]);

    const retry = (id: number, headers = {}) =>
      hd.app.inject({ method: 'POST', url: `/api/helpdesk/v1/mail/inbound/failed/${id}/retry`, headers });
    const id = failed[0]?.id as number;
    expect((await retry(id, agent)).statusCode).toBe(403);
    // Still refused: listed again, with its reason.
    expect((await retry(id, admin)).json()).toMatchObject({ outcome: 'rejected', ticket_id: null, ticket_number: null });
    const again = (await get('/mail/inbound/failed/', admin)).json() as Array<{ id: number }>;
    expect(again).toHaveLength(1);
    await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: true });
    const imported = await retry(again[0]?.id as number, admin);
    expect(imported.json()).toMatchObject({ outcome: 'imported', ticket_id: expect.any(Number), reason: null });
    // The admin's answer names the ticket by the number people read, beside its id.
    const { ticket_id: ticketId, ticket_number: ticketNumber } = imported.json() as { ticket_id: number; ticket_number: number };
    const row = await hd.ctx.db.selectFrom('posts').select('number').where('id', '=', ticketId).executeTakeFirstOrThrow();
    expect(ticketNumber).toBe(row.number);
    expect(ticketNumber).not.toBe(ticketId);
    expect((await get('/mail/inbound/failed/', admin)).json()).toEqual([]);
    expect((await get('/mail/inbound/status', admin)).json()).toMatchObject({ imported: 1, failed: 0 });
    const gone = await retry(again[0]?.id as number, admin);
    expect(gone.statusCode).toBe(404);
    expect(gone.headers['content-type']).toMatch(/^application\/problem\+json/);
  });

  it('a refused mail’s reason reads in the admin’s language: German with Accept-Language de, English by default', async () => {
    const admin = await hd.authAs('admin');
    const deps = { ctx: hd.ctx, config: hd.config, counters: hd.counters };
    const raw = 'To: support@help.test\r\nMessage-ID: <no-from@client.test>\r\nSubject: Anonymous\r\n\r\nHello.\r\n';
    expect(await receiveMail(deps, raw, 'imap')).toMatchObject({ kind: 'rejected', reason: 'The message names no sender (From).' });
    // A row written before reasons were catalogue messages is shown as written.
    await hd.ctx.db
      .insertInto('inbound_mails')
      .values({
        message_id: '<old@client.test>',
        sender: 'old@client.test',
        subject: 'Old',
        outcome: 'rejected',
        reason: 'An old reason.',
        source: 'imap',
        created_at: new Date().toISOString(),
      })
      .execute();
    const reasons = async (headers: Record<string, string>) =>
      ((await get('/mail/inbound/failed/', { ...admin, ...headers })).json() as Array<{ reason: string }>).map((m) => m.reason).sort();

    expect(await reasons({})).toEqual(['An old reason.', 'The message names no sender (From).']);
    expect(await reasons({ 'accept-language': 'de' })).toEqual(['An old reason.', 'Die Nachricht nennt keinen Absender (From).']);
  });
});
