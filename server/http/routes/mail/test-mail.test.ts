import { afterEach, expect, it } from 'vitest';
import { updateSettings } from '../../../settings/settings.js';
import { freePort, type SmtpSink, startSmtpSink } from '../../../test/smtp-sink.js';
import { describeEachDatabase } from '../../../test/test-databases.js';
import { createTestHelpdesk, type TestHelpdesk } from '../../../test/test-helpdesk.js';

describeEachDatabase('send a test mail', (dialect) => {
  const open: Array<TestHelpdesk | SmtpSink> = [];
  afterEach(async () => {
    while (open.length) await open.pop()?.close();
  });

  it('goes now to the signed-in admin only, with the reply address; a dead SMTP server is a 503 problem without the password', async () => {
    const smtp = await startSmtpSink();
    open.push(smtp);
    const hd = await createTestHelpdesk(dialect, { smtpUrl: smtp.url });
    open.push(hd);
    await updateSettings(hd.ctx, { emails: { support_address: 'support@help.test' } });
    const admin = await hd.authAs('admin');
    const agent = await hd.authAs('agent');
    const send = (headers: Record<string, string>) => hd.app.inject({ method: 'POST', url: '/api/helpdesk/v1/mail/test', headers });
    expect((await send(agent)).statusCode).toBe(403);
    const res = await send(admin);
    expect(res.statusCode).toBe(200);
    const { sent_to } = res.json() as { sent_to: string };
    expect(sent_to).toMatch(/^admin\d+@staff\.test$/);
    expect(smtp.messages).toHaveLength(1);
    expect(smtp.messages[0]?.to).toEqual([sent_to]);
    expect(smtp.messages[0]?.headers['reply-to']).toBe('support@help.test');

    const dead = await createTestHelpdesk(dialect, { smtpUrl: `smtp://user:secret-pw@127.0.0.1:${await freePort()}` });
    open.push(dead);
    const failed = await dead.app.inject({ method: 'POST', url: '/api/helpdesk/v1/mail/test', headers: await dead.authAs('admin') });
    expect(failed.statusCode).toBe(503);
    expect(failed.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(failed.json().detail).toMatch(/^The test mail was not sent: /);
    expect(failed.body).not.toContain('secret-pw');
  });
});
