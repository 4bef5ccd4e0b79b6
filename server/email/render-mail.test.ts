import { beforeAll, describe, expect, it } from 'vitest';
import { loadMarkdown } from '../markdown/load-markdown.js';
import { expectInertHtml, XSS_PAYLOADS } from '../test/attack-corpus.js';
import { renderMail } from './render-mail.js';

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
    expect(mail.html).toContain('<a href="https://h.test/login/ticket/?token=a&amp;b">');
  });

  it('makes a path written after an address placeholder part of one link, without the sentence’s full stop', () => {
    // Templates an admin saved before ##admin_link## existed say `##site_link##admin/`.
    const site = { site_link: 'https://h.test/', admin_link: 'https://h.test/admin/' };
    const mail = renderMail('s', 'Sign in at ##site_link##admin/. Or ##admin_link##, or ##site_link## <b>', site);
    expect(mail.html).toContain('Sign in at <a href="https://h.test/admin/">https://h.test/admin/</a>. Or ');
    expect(mail.html).toContain('Or <a href="https://h.test/admin/">https://h.test/admin/</a>, or ');
    expect(mail.html).toContain('or <a href="https://h.test/">https://h.test/</a> &lt;b&gt;');
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
});
