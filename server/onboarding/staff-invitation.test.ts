import { expect, it } from 'vitest';
import { memoryMail, SiteClient } from '../test/site-client.js';
import { describeEachDatabase } from '../test/test-databases.js';
import { useTestHelpdesk } from '../test/test-helpdesk.js';

describeEachDatabase('agents are invited by email and choose their own password', (dialect) => {
  const hd = useTestHelpdesk(dialect);

  it('POST /users/ with invite: true mails a link to choose a password; the invitee sets it in a form and signs in', async () => {
    const mail = memoryMail(hd);
    const admin = await hd.authAs('admin');
    const added = await hd.app.inject({
      method: 'POST',
      url: '/api/helpdesk/v1/users/',
      headers: admin,
      payload: { email: 'new.agent@staff.test', name: 'Nia Agent', role: 'agent', invite: true },
    });
    expect(added.statusCode).toBe(201);
    const sent = await mail.drain();
    const invitation = sent.find((m) => m.to === 'new.agent@staff.test');
    expect(invitation?.subject).toBe('You are invited to Helpdesk');
    const link = /https?:\/\/\S+\/login\/welcome\/\?token=[\w-]+/.exec(invitation?.text ?? '')?.[0] ?? '';
    expect(link).not.toBe('');

    const browser = new SiteClient(hd.app);
    const page = await browser.get(link.replace('http://help.test', ''));
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(/type="password"/);

    const both = await hd.app.inject({
      method: 'POST',
      url: '/api/helpdesk/v1/users/',
      headers: admin,
      payload: { email: 'x@staff.test', name: 'X', role: 'agent', invite: true, password: 'a long password 1' },
    });
    expect(both.statusCode).toBe(400);
    expect(JSON.stringify(both.json())).toContain('invite');
  });
});
