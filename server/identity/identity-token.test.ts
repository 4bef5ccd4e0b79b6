// Unit tests of the identity token's checks: every refusal, and what a good token yields.
import { describe, expect, it } from 'vitest';
import { IDENTITY_MAX_LIFETIME_SECONDS, IDENTITY_TOKEN_MAX_LENGTH, verifyIdentityToken } from './identity-token.js';
import { signIdentityToken } from './sign-identity-token.js';

const SECRET = 'hdid_test-secret-of-the-site';
const NOW = 1_800_000_000;
const claims = { email: 'ann@example.com', name: 'Ann Lee', iat: NOW, exp: NOW + 600 };
const sign = (c: Record<string, unknown> = claims, header?: Record<string, unknown>) => signIdentityToken(c, SECRET, header);
const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

describe('verifyIdentityToken', () => {
  it('takes a token signed with the secret and yields its claims', () => {
    expect(verifyIdentityToken(sign(), SECRET, NOW)).toEqual({ ok: true, claims: { email: 'ann@example.com', name: 'Ann Lee' } });
    const withId = verifyIdentityToken(sign({ ...claims, external_id: 'cust-42' }), SECRET, NOW);
    expect(withId).toEqual({ ok: true, claims: { email: 'ann@example.com', name: 'Ann Lee', externalId: 'cust-42' } });
  });

  it('takes a token without iat or typ', () => {
    const { iat: _iat, ...noIat } = claims;
    expect(verifyIdentityToken(sign(noIat, { alg: 'HS256' }), SECRET, NOW).ok).toBe(true);
  });

  it('refuses a token signed with another secret', () => {
    expect(verifyIdentityToken(signIdentityToken(claims, 'another secret'), SECRET, NOW)).toEqual({ ok: false, reason: 'signature' });
  });

  it('refuses a changed claim (the signature no longer matches)', () => {
    const [header, , signature] = sign().split('.');
    const changed = `${header}.${b64({ ...claims, email: 'boss@example.com' })}.${signature}`;
    expect(verifyIdentityToken(changed, SECRET, NOW)).toEqual({ ok: false, reason: 'signature' });
  });

  it('refuses a cut or altered signature', () => {
    const token = sign();
    expect(verifyIdentityToken(token.slice(0, -2), SECRET, NOW)).toEqual({ ok: false, reason: 'signature' });
    const last = token.at(-1) === 'A' ? 'B' : 'A';
    expect(verifyIdentityToken(token.slice(0, -1) + last, SECRET, NOW)).toEqual({ ok: false, reason: 'signature' });
  });

  it('refuses alg none, with or without a signature', () => {
    const unsigned = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`;
    expect(verifyIdentityToken(unsigned, SECRET, NOW)).toEqual({ ok: false, reason: 'algorithm' });
    expect(verifyIdentityToken(sign(claims, { alg: 'none' }), SECRET, NOW)).toEqual({ ok: false, reason: 'algorithm' });
    expect(verifyIdentityToken(sign(claims, { alg: 'None' }), SECRET, NOW)).toEqual({ ok: false, reason: 'algorithm' });
  });

  it('refuses every algorithm but HS256, a typ other than JWT, and crit', () => {
    for (const alg of ['HS384', 'HS512', 'RS256', 'ES256', 'hs256', undefined]) {
      expect(verifyIdentityToken(sign(claims, { alg }), SECRET, NOW)).toEqual({ ok: false, reason: 'algorithm' });
    }
    expect(verifyIdentityToken(sign(claims, { alg: 'HS256', typ: 'JWE' }), SECRET, NOW)).toEqual({ ok: false, reason: 'algorithm' });
    expect(verifyIdentityToken(sign(claims, { alg: 'HS256', crit: ['exp'] }), SECRET, NOW)).toEqual({ ok: false, reason: 'algorithm' });
  });

  it('refuses an expired token, and one expiring this second', () => {
    expect(verifyIdentityToken(sign({ ...claims, iat: NOW - 700, exp: NOW - 1 }), SECRET, NOW)).toEqual({ ok: false, reason: 'expired' });
    expect(verifyIdentityToken(sign({ ...claims, exp: NOW }), SECRET, NOW)).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses exp more than a day ahead, iat in the future, and a lifetime over a day', () => {
    const far = NOW + IDENTITY_MAX_LIFETIME_SECONDS + 3600;
    expect(verifyIdentityToken(sign({ ...claims, exp: far }), SECRET, NOW)).toEqual({ ok: false, reason: 'too_far' });
    expect(verifyIdentityToken(sign({ ...claims, iat: NOW + 3600, exp: NOW + 7200 }), SECRET, NOW)).toEqual({
      ok: false,
      reason: 'too_far',
    });
    const long = { ...claims, iat: NOW - IDENTITY_MAX_LIFETIME_SECONDS, exp: NOW + 3600 };
    expect(verifyIdentityToken(sign(long), SECRET, NOW)).toEqual({ ok: false, reason: 'too_far' });
    // A day exactly is fine.
    expect(verifyIdentityToken(sign({ ...claims, exp: NOW + IDENTITY_MAX_LIFETIME_SECONDS }), SECRET, NOW).ok).toBe(true);
  });

  it('refuses missing or bad claims', () => {
    const bad: Array<Record<string, unknown>> = [
      { ...claims, exp: undefined },
      { ...claims, exp: '1800000600' },
      { ...claims, iat: 'yesterday' },
      { ...claims, email: undefined },
      { ...claims, email: 'not an address' },
      { ...claims, email: 'Ann <ann@example.com>' },
      { ...claims, name: undefined },
      { ...claims, name: '  ' },
      { ...claims, name: 'Ann\r\nBcc: x@example.com' },
      { ...claims, name: 'x'.repeat(201) },
      { ...claims, external_id: 42 },
      { ...claims, external_id: '' },
      { ...claims, external_id: 'x'.repeat(256) },
    ];
    for (const c of bad) expect(verifyIdentityToken(sign(c), SECRET, NOW)).toEqual({ ok: false, reason: 'claims' });
  });

  it('refuses what is not a compact JWT', () => {
    const good = sign();
    for (const token of ['', 'abc', 'a.b', `${good}.x`, good.replace('.', '.+'), `${b64([1])}.${b64(claims)}.x`, `x.${b64(claims)}.x`]) {
      expect(verifyIdentityToken(token, SECRET, NOW)).toEqual({ ok: false, reason: 'malformed' });
    }
    const huge = sign({ ...claims, padding: 'x'.repeat(IDENTITY_TOKEN_MAX_LENGTH) });
    expect(verifyIdentityToken(huge, SECRET, NOW)).toEqual({ ok: false, reason: 'malformed' });
  });
});
