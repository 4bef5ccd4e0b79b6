import { beforeEach, expect, it } from 'vitest';
import { addUser } from '../domain/people/add-user.js';
import { createApiToken } from '../domain/people/api-tokens.js';
import { updateSettings } from '../settings/settings.js';
import { createTicket } from '../test/factories.js';
import { relaxIntakeLimits, setRegistration } from '../test/fixtures.js';
import { memoryMail } from '../test/site-client.js';
import { describeEachDatabase } from '../test/test-databases.js';
import { useTestHelpdesk } from '../test/test-helpdesk.js';

describeEachDatabase('mail to agents goes to who needs it', (dialect) => {
  const hd = useTestHelpdesk(dialect, { freshEach: true });
  let staff: Array<{ id: number; email: string; headers: { authorization: string } }>;
  const api = (method: 'POST' | 'PATCH', url: string, headers: object, payload: object) =>
    hd.app.inject({ method, url: `/api/helpdesk/v1${url}`, headers: headers as Record<string, string>, payload });

  beforeEach(async () => {
    await relaxIntakeLimits(hd.ctx);
    await setRegistration(hd.ctx, { anyoneCanRegister: true, createAccounts: true });
    staff = [];
    for (const name of ['alex', 'bea', 'cy']) {
      const user = await addUser(hd.ctx, { email: `${name}@staff.test`, name, role: 'agent' });
      staff.push({ id: user.id, email: user.email, headers: { authorization: `Bearer ${await createApiToken(hd.ctx.db, user.id, 't')}` } });
    }
    // Cy's account is disabled: no mail at all.
    await hd.ctx.db
      .updateTable('users')
      .set({ disabled_at: new Date().toISOString() })
      .where('id', '=', staff[2]?.id as number)
      .execute();
  });
  // drain() answers the list of every mail sent so far: each check takes the new ones out of it.
  const to = (mails: Array<{ to: string; subject: string; text: string }>, pattern: RegExp) =>
    mails
      .splice(0)
      .filter((m) => pattern.test(m.text))
      .map((m) => m.to)
      .sort();

  it('a new ticket reaches every enabled agent, or none with the setting off', async () => {
    const mail = memoryMail(hd);
    await createTicket(hd, { subject: 'First' });
    expect(to(await mail.drain(), /filed a new ticket "First"/)).toEqual(['alex@staff.test', 'bea@staff.test']);

    await updateSettings(hd.ctx, { emails: { notify_new_tickets: false } });
    await createTicket(hd, { subject: 'Second' });
    expect(to(await mail.drain(), /filed a new ticket "Second"/)).toEqual([]);
  });

  it('a client reply goes to the assignee only once assigned; the new assignee is told, unless they took it themselves', async () => {
    const mail = memoryMail(hd);
    const [alex, bea] = staff as [(typeof staff)[0], (typeof staff)[0]];
    const { id } = await createTicket(hd, { subject: 'Printer', email: 'pat@client.test' });
    const { author_id: clientId } = await hd.ctx.db.selectFrom('posts').select('author_id').where('id', '=', id).executeTakeFirstOrThrow();
    const client = { authorization: `Bearer ${await createApiToken(hd.ctx.db, clientId as number, 'c')}` };
    await mail.drain();

    // Unassigned: every enabled agent hears of the reply.
    await api('POST', `/tickets/${id}/comments`, client, { text: 'Still broken.' });
    expect(to(await mail.drain(), /replied to "Printer"/)).toEqual(['alex@staff.test', 'bea@staff.test']);

    // Alex takes it: no mail to Alex about their own choice.
    expect((await api('PATCH', `/tickets/${id}`, alex.headers, { assignee: alex.id })).statusCode).toBe(200);
    expect(to(await mail.drain(), /is now yours/)).toEqual([]);
    await api('POST', `/tickets/${id}/comments`, client, { text: 'Any news?' });
    expect(to(await mail.drain(), /replied to "Printer"/)).toEqual(['alex@staff.test']);

    // Alex hands it to Bea: Bea is told, and the next reply is Bea's alone.
    await api('PATCH', `/tickets/${id}`, alex.headers, { assignee: bea.id });
    expect(to(await mail.drain(), /is now yours/)).toEqual(['bea@staff.test']);
    await api('POST', `/tickets/${id}/comments`, client, { text: 'Hello?' });
    expect(to(await mail.drain(), /replied to "Printer"/)).toEqual(['bea@staff.test']);
  });
});
