import { beforeAll, expect, it } from 'vitest';
import { unlinkableText } from '../../common/unlinkable-text.js';
import { createTicket } from '../test/factories.js';
import { relaxIntakeLimits, setRegistration } from '../test/fixtures.js';
import { memoryMail } from '../test/site-client.js';
import { describeEachDatabase } from '../test/test-databases.js';
import { useTestHelpdesk } from '../test/test-helpdesk.js';

const NAME = 'evil.test';
const SUBJECT = 'Reset at http://evil.test/login or www.evil.test, or mail root@evil.test';
// What a mail program would make a link of.
const LINKABLE = /evil\.test|https?:\/\/(?!help\.test)|www\.|@evil/i;

it('unlinkableText keeps the words and takes the link shape away', () => {
  expect(unlinkableText('Ann Client')).toBe('Ann Client');
  expect(unlinkableText('evil.com')).not.toMatch(/\./);
  expect(unlinkableText('http://x')).not.toMatch(/[:/]/);
  expect(unlinkableText('a@b.c')).not.toMatch(/[@.]/);
  expect(unlinkableText('évil.com').normalize('NFC').length).toBe('évil.com'.length);
});

describeEachDatabase('names and subjects in mail are never links', (dialect) => {
  const hd = useTestHelpdesk(dialect);
  let mail: ReturnType<typeof memoryMail>;
  beforeAll(async () => {
    mail = memoryMail(hd);
    await relaxIntakeLimits(hd.ctx);
    await setRegistration(hd.ctx, { anyoneCanRegister: false, createAccounts: true });
  });

  it('a name like evil.test and a subject full of addresses reach agents and the client as plain words, stored unchanged', async () => {
    const agent = await hd.authAs('agent');
    const { id } = await createTicket(hd, { name: NAME, subject: SUBJECT });
    const sent = await mail.drain();
    const toAgent = sent.filter((m) => m.to.endsWith('@staff.test'));
    expect(toAgent.length).toBeGreaterThan(0);
    expect(sent.length).toBeGreaterThan(toAgent.length);
    for (const message of sent) {
      expect(message.subject, message.to).not.toMatch(LINKABLE);
      expect(message.text, message.to).not.toMatch(LINKABLE);
      expect(message.html, message.to).not.toMatch(LINKABLE);
      // The only anchors are the helpdesk's own links.
      for (const [, href] of message.html.matchAll(/<a href="([^"]*)"/g)) expect(href).toMatch(/^http:\/\/help\.test\//);
    }
    expect(toAgent.some((m) => m.text.includes(unlinkableText(SUBJECT)))).toBe(true);
    // The agents' view has the exact words.
    const ticket = (await hd.app.inject({ method: 'GET', url: `/api/helpdesk/v1/tickets/${id}`, headers: agent })).json() as {
      title?: string;
      subject?: string;
    };
    expect(JSON.stringify(ticket)).toContain(SUBJECT);
  });
});
