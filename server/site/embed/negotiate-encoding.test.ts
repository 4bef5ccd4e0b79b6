import { describe, expect, it } from 'vitest';
import { negotiateEncoding } from './negotiate-encoding.js';

describe('negotiateEncoding', () => {
  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['gzip', 'gzip'],
    ['GZIP', 'gzip'],
    ['x-gzip', 'gzip'],
    ['gzip, deflate, br, zstd', 'br'],
    ['br;q=0.5, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', 'identity'],
    ['gzip;q=0.001, identity;q=0.5', 'identity'],
    ['*', 'br'],
    ['*;q=0, gzip', 'gzip'],
    ['identity;q=0, deflate', 'identity'],
    ['gzip;q=bogus, br', 'br'],
    [['gzip', 'br'], 'br'],
  ] as const)('%j → %s', (header, expected) => {
    expect(negotiateEncoding(header as string | string[] | undefined)).toBe(expected);
    // Answered again from the cache: the same.
    expect(negotiateEncoding(header as string | string[] | undefined)).toBe(expected);
  });
});
