import { describe, expect, it } from 'vitest';
import { describeImapUrl, imapOptions } from '../mail-inbound/imap-options.js';
import { parseMailConfig } from './mail-config.js';

describe('mail settings from the environment', () => {
  it('takes a support address, an IMAP URL and a poll interval, and names each wrong one', () => {
    const problems: string[] = [];
    expect(parseMailConfig({}, problems)).toEqual({ supportAddress: null, imapUrl: null, imapPollSeconds: 60 });
    expect(
      parseMailConfig(
        {
          HELPDESK_SUPPORT_ADDRESS: ' Support@Example.com ',
          HELPDESK_IMAP_URL: 'imaps://u:p@mail.example.com/INBOX',
          HELPDESK_IMAP_POLL_SECONDS: '30',
        },
        problems,
      ),
    ).toEqual({ supportAddress: 'support@example.com', imapUrl: 'imaps://u:p@mail.example.com/INBOX', imapPollSeconds: 30 });
    expect(problems).toEqual([]);
    parseMailConfig(
      { HELPDESK_SUPPORT_ADDRESS: 'Support <s@x.com>', HELPDESK_IMAP_URL: 'pop3://x', HELPDESK_IMAP_POLL_SECONDS: '0' },
      problems,
    );
    expect(problems).toEqual([
      expect.stringContaining('HELPDESK_SUPPORT_ADDRESS'),
      expect.stringContaining('HELPDESK_IMAP_URL'),
      expect.stringContaining('HELPDESK_IMAP_POLL_SECONDS'),
    ]);
  });

  it('imaps is TLS; imap must upgrade with STARTTLS except on loopback; the password never shows', () => {
    expect(imapOptions('imaps://ann%40x:p%2Fw@mail.example.com/Support').options).toMatchObject({
      host: 'mail.example.com',
      port: 993,
      secure: true,
      auth: { user: 'ann@x', pass: 'p/w' },
    });
    expect(imapOptions('imaps://a:b@mail.example.com/Support').mailbox).toBe('Support');
    expect(imapOptions('imap://a:b@mail.example.com').options).toMatchObject({ port: 143, secure: false, doSTARTTLS: true });
    expect(imapOptions('imap://a:b@127.0.0.1:1143').options).toMatchObject({ port: 1143, secure: false, doSTARTTLS: false });
    expect(imapOptions('imap://a:b@127.0.0.1:1143').mailbox).toBe('INBOX');
    expect(describeImapUrl('imaps://ann:secret@mail.example.com/INBOX')).toBe('imaps://ann@mail.example.com/INBOX');
  });
});
