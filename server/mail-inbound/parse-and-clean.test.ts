import { describe, expect, it } from 'vitest';
import { REPLY_MARKER } from '../email/reply-marker.js';
import { english } from '../i18n/translators.js';
import { whyAutomatic } from './automatic-message.js';
import { cleanReplyText } from './clean-reply-text.js';
import { parseIncomingMail } from './parse-incoming-mail.js';

const latin1 = [
  'From: =?iso-8859-1?Q?Ren=E9_Client?= <Rene@Client.test>',
  'To: support@help.test',
  'Subject: =?iso-8859-1?Q?Caf=E9_ferm=E9?=',
  'List-Id: Club news <news.client.test>',
  'Content-Type: text/plain; charset=iso-8859-1',
  'Content-Transfer-Encoding: quoted-printable',
  '',
  'Le caf=E9 est ferm=E9.',
  '',
].join('\r\n');

describe('parsing incoming mail', () => {
  it('decodes character sets and transfer encodings; a message without Message-ID gets one from its bytes', async () => {
    const mail = await parseIncomingMail(Buffer.from(latin1, 'latin1'));
    expect(mail).toMatchObject({ from: 'rene@client.test', fromName: 'René Client', subject: 'Café fermé', text: 'Le café est fermé.\n' });
    expect(mail.messageId).toMatch(/^<sha256-[0-9a-f]{64}@no-message-id>$/);
    expect((await parseIncomingMail(Buffer.from(latin1, 'latin1'))).messageId).toBe(mail.messageId);
    const why = whyAutomatic(mail);
    expect(why && english.render(why)).toMatch(/List-Id/);
  });

  it('takes Auto-Submitted: no as a person’s mail', async () => {
    const mail = await parseIncomingMail('From: a@b.test\r\nAuto-Submitted: no\r\nMessage-ID: <1@b.test>\r\n\r\nHi\r\n');
    expect(whyAutomatic(mail)).toBeNull();
  });
});

describe('cleaning a reply', () => {
  it('cuts at our marker however it was quoted, with the attribution line above it', () => {
    const text = `Works now.\n\nOn Tue, Help Desk wrote:\n> ${REPLY_MARKER}\n>\n> Hello Ann,\n> There is a new reply\n`;
    expect(cleanReplyText(text)).toBe('Works now.');
  });

  it('drops a quote and a signature the reply parser knows, and control characters', () => {
    expect(cleanReplyText('Thanks!\u0007\r\n\r\n-- \r\nAnn\r\n\r\n> old text\r\n')).toBe('Thanks!');
  });

  it('keeps a reply that has no quote at all', () => {
    expect(cleanReplyText('Line one\nLine two')).toBe('Line one\nLine two');
  });
});
