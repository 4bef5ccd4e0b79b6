import { negotiate } from '@fastify/accept-negotiator';
import { describe, expect, it } from 'vitest';
import { compressEncoding } from './compress-encoding.js';

// What @fastify/compress does with the header (its getEncodingHeader, with our encodings br and gzip).
function pluginChoice(header: string): string {
  return negotiate(header.toLowerCase().replace(/\*|x-gzip/g, 'gzip'), ['br', 'gzip']) ?? 'none';
}

describe("the docs fast path's reading of Accept-Encoding", () => {
  const plain = [
    'gzip, deflate, br',
    'gzip, deflate, br, zstd',
    'br',
    'gzip',
    'GZIP',
    'x-gzip',
    '*',
    'deflate',
    'identity',
    'deflate, gzip',
    ' br ,gzip ',
    'zstd,\tbr',
    'compress, x-gzip',
  ];

  it('agrees with @fastify/compress on every plain list of codings', () => {
    for (const header of plain) expect(compressEncoding(header), header).toBe(pluginChoice(header));
  });

  it('leaves weights and anything unusual to the plugin', () => {
    for (const header of ['gzip;q=1, br;q=0.5', 'br;q=0', '', ',', 'g zip', 'br, gzip;q=0'])
      expect(compressEncoding(header), header).toBeUndefined();
    expect(compressEncoding(['br', 'gzip'])).toBeUndefined();
  });

  it('compresses nothing without the header', () => {
    expect(compressEncoding(undefined)).toBe('none');
  });
});
