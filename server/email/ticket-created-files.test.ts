import { beforeAll, expect, it } from 'vitest';
import { updateSettings } from '../settings/settings.js';
import { relaxIntakeLimits, setRegistration, ticketPayload } from '../test/fixtures.js';
import { multipartBody, TINY_PDF, TINY_PNG } from '../test/multipart.js';
import { memoryMail } from '../test/site-client.js';
import { describeEachDatabase } from '../test/test-databases.js';
import { useTestHelpdesk } from '../test/test-helpdesk.js';

const TICKETS = '/api/helpdesk/v1/tickets/';

describeEachDatabase('a new ticket’s mails name the files filed with it', (dialect) => {
  const hd = useTestHelpdesk(dialect);
  let mail: ReturnType<typeof memoryMail>;
  beforeAll(async () => {
    mail = memoryMail(hd);
    await relaxIntakeLimits(hd.ctx);
    await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: true });
    await updateSettings(hd.ctx, { tickets: { attachments_anonymous: true } });
    await hd.authAs('agent');
  });

  it('the client’s confirmation and the agents’ notice list each file by name and size, escaped and never a link', async () => {
    await mail.drain();
    mail.sent.length = 0;
    const email = 'files-client@example.com';
    const body = multipartBody(ticketPayload({ email }), [
      { name: 'screenshot.png', bytes: TINY_PNG, type: 'image/png' },
      { name: 'bill <b>evil.test.pdf', bytes: TINY_PDF },
      { name: 'notes.txt', bytes: Buffer.alloc(3 * 1024, 'a') },
    ]);
    const res = await hd.app.inject({ method: 'POST', url: TICKETS, payload: body.payload, headers: body.headers });
    expect(res.statusCode).toBe(201);
    const sent = await mail.drain();
    const toClient = sent.find((m) => m.to === email);
    const toAgent = sent.find((m) => m.to.endsWith('@staff.test'));
    for (const message of [toClient, toAgent]) {
      expect(message).toBeDefined();
      const text = message?.text ?? '';
      expect(text).toContain(
        `Attached files:\n- screenshot\u2024png (${TINY_PNG.length} bytes)\n- bill <b>evil\u2024test\u2024pdf ` +
          `(${TINY_PDF.length} bytes)\n- notes\u2024txt (3 KB)`,
      );
      const html = message?.html ?? '';
      expect(html).toContain(`<li>screenshot\u2024png <span style="color:#666">(${TINY_PNG.length} bytes)</span></li>`);
      expect(html).toContain('bill &lt;b&gt;evil\u2024test\u2024pdf');
      expect(html).not.toContain('<b>');
    }
  });

  it('a ticket without files says nothing about files', async () => {
    mail.sent.length = 0;
    const email = 'no-files@example.com';
    const res = await hd.app.inject({ method: 'POST', url: TICKETS, payload: ticketPayload({ email }) });
    expect(res.statusCode).toBe(201);
    const sent = await mail.drain();
    const toClient = sent.find((m) => m.to === email);
    expect(toClient?.text).toBeDefined();
    expect(toClient?.text).not.toContain('Attached file');
    expect(toClient?.html).not.toContain('Attached file');
  });
});
