// What the audit log writes of a change: only what changed, a secret only as set or empty, a URL without its path.
import { describe, expect, it } from 'vitest';
import { auditAddress, diffChanges, maskUrl } from './record-audit.js';

describe('audit masking', () => {
  it('lists only the fields that changed, as old and new', () => {
    expect(diffChanges({ a: 1, b: ['x'], c: 'same' }, { a: 2, b: ['x', 'y'], c: 'same' })).toEqual({
      a: { old: 1, new: 2 },
      b: { old: ['x'], new: ['x', 'y'] },
    });
  });

  it('shows a field named like a secret, or listed as one, only as set or empty', () => {
    expect(
      diffChanges({ api_key: '', smtp_password: 'old-pass', pin: 'a' }, { api_key: 'sk-1', smtp_password: '', pin: 'b' }, new Set(['pin'])),
    ).toEqual({
      api_key: { old: '', new: '••••' },
      smtp_password: { old: '••••', new: '' },
      pin: { old: '••••', new: '••••' },
    });
  });

  it('keeps a URL’s origin and hides its path and query', () => {
    expect(maskUrl('https://hooks.slack.com/services/T0/B0/secret')).toBe('https://hooks.slack.com/••••');
    expect(maskUrl('https://crm.example/?token=abc')).toBe('https://crm.example/••••');
    expect(maskUrl('https://crm.example/')).toBe('https://crm.example');
    expect(maskUrl('not a url')).toBe('••••');
  });

  it('records an IPv4-mapped IPv6 address as its IPv4 address, any other as it is', () => {
    expect(auditAddress('::ffff:203.0.113.5')).toBe('203.0.113.5');
    expect(auditAddress('2001:db8::1')).toBe('2001:db8::1');
    expect(auditAddress(undefined)).toBeNull();
  });
});
