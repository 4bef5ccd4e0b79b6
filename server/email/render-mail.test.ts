import { beforeAll, describe, expect, it } from 'vitest';
import { translatorFor } from '../i18n/translators.js';
import { loadMarkdown } from '../markdown/load-markdown.js';
import { expectInertHtml, XSS_PAYLOADS } from '../test/attack-corpus.js';
import { renderMail } from './render-mail.js';
import { REPLY_MARKER_PATTERN, replyMarker } from './reply-marker.js';

// The service loads the renderer before its first Markdown mail (buildMail); renderMail itself is synchronous.
beforeAll(() => loadMarkdown());

describe('renderMail', () => {
  const values = {
    client_name: 'Ann <b>&',
    ticket_title: 'Line\r\nBcc: x@evil.test',
    ticket_id: '7',
    ticket_link: 'https://h.test/login/ticket/?token=a&b',
    site_name: 'Acme',
  };

  it('fills every placeholder in subject, text and HTML; unknown placeholders stay as typed', () => {
    const mail = renderMail('##ticket_title## [###ticket_id##] ##nope##', 'Hi ##client_name##\n##ticket_link##\n##site_name##', values);
    expect(mail.text).toBe('Hi Ann <b>&\nhttps://h.test/login/ticket/?token=a&b\nAcme');
    expect(mail.subject).toBe('Line Bcc: x@evil.test [#7] ##nope##');
  });

  it('escapes values and template text in HTML, and turns the link into an anchor', () => {
    const mail = renderMail('s', 'Hi ##client_name## <i>\n##ticket_link##', values);
    expect(mail.html).toContain('Hi Ann &lt;b&gt;&amp; &lt;i&gt;<br>');
    expect(mail.html).toContain('<a href="https://h.test/login/ticket/?token=a&amp;b" style="');
  });

  it('makes a path written after an address placeholder part of one link, without the sentence’s full stop', () => {
    // Templates an admin saved before ##admin_link## existed say `##site_link##admin/`.
    const site = { site_link: 'https://h.test/', admin_link: 'https://h.test/admin/' };
    const mail = renderMail('s', 'Sign in at ##site_link##admin/. Or ##admin_link##, or ##site_link## <b>', site);
    const link = (href: string) => `<a href="${href}" style="color:#1d4ed8">${href}</a>`;
    expect(mail.html).toContain(`Sign in at ${link('https://h.test/admin/')}. Or `);
    expect(mail.html).toContain(`Or ${link('https://h.test/admin/')}, or `);
    expect(mail.html).toContain(`or ${link('https://h.test/')} &lt;b&gt;`);
    expect(mail.text).toBe('Sign in at https://h.test/admin/. Or https://h.test/admin/, or https://h.test/ <b>');
  });

  it('renders an agent reply as Markdown in the HTML part and as readable text in the text part', () => {
    const reply = '**Restart** the app, then see [the guide](https://h.test/docs/a/).\n\n- one\n- two';
    const mail = renderMail('s', 'Reply:\n\n##reply_text##\n\n##ticket_link##', { ...values, reply_text: reply }, { markdownReply: true });
    expect(mail.html).toContain('<strong>Restart</strong>');
    expect(mail.html).toContain('<a href="https://h.test/docs/a/" rel="noopener noreferrer nofollow">the guide</a>');
    expect(mail.html).toContain('<li>one</li>');
    expect(mail.text).toBe(
      'Reply:\n\nRestart the app, then see the guide (https://h.test/docs/a/).\n\n- one\n- two\n\nhttps://h.test/login/ticket/?token=a&b',
    );
    // Without the option (a client's words) the asterisks stay as typed.
    expect(renderMail('s', '##reply_text##', { reply_text: reply }).html).toContain('**Restart**');
  });

  it('leaves the XSS corpus inert in a Markdown reply', () => {
    for (const payload of XSS_PAYLOADS) {
      const reply = `${payload}\n\n**${payload}**\n\n[x](${payload.replace(/[()\s]/g, '')})`;
      const mail = renderMail('s', '##reply_text##', { reply_text: reply }, { markdownReply: true });
      expectInertHtml(mail.html, `mail: ${payload}`);
    }
  });

  it('lays an Arabic mail out right to left: lang and dir, the side written out for Outlook, numbers kept left to right', () => {
    const arabic = translatorFor('ar', 'Asia/Dubai');
    const mail = renderMail('s', 'مرحبًا ##client_name##،\nالتذكرة ##ticket_id##\n##ticket_link##', values, {
      translator: arabic,
      replyMarker: true,
      files: [{ name: 'big.txt', size: 2_000_000, link: { url: 'https://h.test/f', expiresAt: new Date('2026-12-02T22:30:00Z') } }],
    });
    expect(mail.html).toContain('<html lang="ar" dir="rtl">');
    expect(mail.html).toContain('<body dir="rtl"');
    expect(mail.html).toContain('<td dir="rtl" align="right" style="text-align:right;');
    expect(mail.html).toContain('التذكرة <span dir="ltr">7</span>');
    expect(mail.html).toContain('مرحبًا <span dir="auto">Ann &lt;b&gt;&amp;</span>،');
    expect(mail.html).toContain('>فتح الرابط</span>');
    // The list's indent is on the right, where Outlook would otherwise put it on the left.
    expect(mail.html).toContain('<ul dir="rtl" style="margin:0 24px 0 0;padding:0">');
    // Every paragraph of the text part starts with the right-to-left mark; empty lines stay empty.
    for (const line of mail.text.split('\n')) expect(line === '' || line.startsWith('\u200F')).toBe(true);
    expect(mail.text).toContain(`\u200F${replyMarker(arabic)}`);
    // 22:30 UTC is the next morning in Dubai.
    expect(mail.text).toContain(`صالح حتى ${arabic.dateTime('2026-12-02T22:30:00Z', { dateStyle: 'long', timeStyle: 'short' })}`);
    expect(arabic.date('2026-12-02T22:30:00Z', { dateStyle: 'long' })).not.toBe(
      translatorFor('ar').date('2026-12-02T22:30:00Z', { dateStyle: 'long' }),
    );
  });

  it('keeps an English mail left to right with no marks in its text', () => {
    const mail = renderMail('s', 'Hi ##client_name##', values);
    expect(mail.html).toContain('<html lang="en" dir="ltr">');
    expect(mail.html).toContain('align="left" style="text-align:left');
    expect(mail.text).toBe('Hi Ann <b>&');
  });

  it('finds the reply marker of a mail sent in any language, however it was quoted', () => {
    for (const language of ['en', 'de', 'es', 'fr', 'ar']) {
      const quoted = `Danke!\n\n> ${replyMarker(translatorFor(language))}\n> Hallo`;
      expect(REPLY_MARKER_PATTERN.exec(quoted)?.index, language).toBe(quoted.indexOf('##-'));
    }
    expect(REPLY_MARKER_PATTERN.test('##- Please type your\nreply above this line -##')).toBe(true);
    expect(REPLY_MARKER_PATTERN.test('##client_name##')).toBe(false);
  });
});
