import { describe, expect, it } from 'vitest';
import { renderMail } from './render-mail.js';

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
});
