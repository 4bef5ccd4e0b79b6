// Reading a token's name and email for the form (never a check: the help desk checks), and the help desk's
// refusal of a token shown in its own words.
import { describe, expect, it } from 'vitest';
import { classify } from '../api.js';
import { readIdentityClaims } from './identity-claims.js';

const part = (v: unknown) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(v))))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

describe('readIdentityClaims', () => {
  it('reads name and email, UTF-8 included', () => {
    expect(readIdentityClaims(`${part({ alg: 'HS256' })}.${part({ name: 'أحمد Zoë', email: 'a@b.test' })}.sig`)).toEqual({
      name: 'أحمد Zoë',
      email: 'a@b.test',
    });
  });

  it('gives nothing for what is not a token with both claims', () => {
    for (const token of [undefined, 42, '', 'abc', 'a.%%%.c', `x.${part({ name: 'A' })}.y`, `x.${part([1])}.y`]) {
      expect(readIdentityClaims(token)).toBeUndefined();
    }
  });
});

describe('a refused identity token', () => {
  it("is shown in the help desk's own words", () => {
    const detail = 'The sign-in token has expired. Reload the page to get a new one.';
    expect(classify(403, { code: 'IDENTITY_REFUSED', detail }, null)).toEqual({ kind: 'rejected', detail });
    expect(classify(403, { code: 'IDENTITY_REQUIRED', detail: 'Sign in' }, null)).toEqual({ kind: 'rejected', detail: 'Sign in' });
    expect(classify(403, { code: 'FORBIDDEN', detail: 'x' }, null)).toEqual({ kind: 'rejected' });
  });
});
