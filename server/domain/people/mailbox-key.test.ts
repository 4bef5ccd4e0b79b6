import { describe, expect, it } from 'vitest';
import { mailboxKey } from './mailbox-key.js';

describe('mailboxKey', () => {
  it('counts +tags, case, and the dots and googlemail.com of Gmail as one mailbox', () => {
    expect(mailboxKey('Ann+Promo@Example.com')).toBe('ann@example.com');
    expect(mailboxKey('ann@example.com')).toBe('ann@example.com');
    expect(mailboxKey('J.O.Doe+x@googlemail.com')).toBe('jodoe@gmail.com');
    expect(mailboxKey('jodoe@gmail.com')).toBe('jodoe@gmail.com');
  });

  it('keeps dots outside Gmail and leaves odd input alone', () => {
    expect(mailboxKey('j.doe@example.com')).toBe('j.doe@example.com');
    expect(mailboxKey('+only@example.com')).toBe('+only@example.com');
    expect(mailboxKey('no-at-sign')).toBe('no-at-sign');
  });
});
