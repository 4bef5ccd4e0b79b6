import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// The operations guide's mail section is what an operator follows, so its claims about attachments and the
// pipe's user must match the code. The behaviour itself is tested where it lives: files kept in
// server/mail-inbound/receive-mail.test.ts ("its files are kept by the attachment rules"), the pipe's exit codes
// in server/cli-mail.test.ts.
const operations = readFileSync(new URL('../docs/operations.md', import.meta.url), 'utf8');
const section = operations.slice(operations.indexOf('### Replies by mail'), operations.indexOf('## Running several instances'));

describe('docs/operations.md: mail by pipe and attachments', () => {
  it('says mail attachments are kept under the attachment rules, and refused ones named', () => {
    expect(section).not.toMatch(/not kept/);
    expect(section).toMatch(/attached files are kept with the ticket or reply under\s+the rules of Tickets → Attachments/);
    expect(section).toMatch(/named at the end of the text with the reason/);
  });

  it('runs `helpdesk mail receive` from an alias map the data folder’s owner owns, not root’s /etc/aliases (nobody)', () => {
    expect(section).toMatch(/must run as the user that owns the data folder/);
    expect(section).toMatch(/sudo -u helpdesk postalias \/srv\/helpdesk\/aliases/);
    expect(section).toMatch(/alias_maps = hash:\/etc\/aliases, hash:\/srv\/helpdesk\/aliases/);
    // The command line itself lives in that file, not in /etc/aliases.
    expect(section).not.toMatch(/in `\/etc\/aliases` \(then `newaliases`\)/);
  });
});
