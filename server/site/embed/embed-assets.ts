import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { EmbedEncoding } from './negotiate-encoding.js';

/** One stored representation of the widget response. */
export interface EmbedRepresentation {
  body: Buffer;
  /** Strong ETag: a different one per coding, as RFC 9110 §8.8.3 asks of strong validators. */
  etag: string;
}

export type EmbedAssets = Record<EmbedEncoding, EmbedRepresentation>;

/** The response body of spec §4.1: one line assigning HELPDESK_HOME_URL, then the static script. */
export function embedBody(homeUrl: string, script: string): string {
  return `var HELPDESK_HOME_URL = ${JSON.stringify(homeUrl)};\n${script}`;
}

/**
 * Compresses the body once, at start-up, at the highest levels (compressing per request would cost
 * ~20× the throughput; the bytes never change while the process runs).
 */
export function prepareEmbedAssets(body: string): EmbedAssets {
  const raw = Buffer.from(body, 'utf8');
  const hash = createHash('sha256').update(raw).digest('base64url').slice(0, 27);
  const gzip = gzipSync(raw, { level: 9 });
  const br = brotliCompressSync(raw, {
    params: {
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
    },
  });
  return {
    identity: { body: raw, etag: `"${hash}"` },
    gzip: { body: gzip, etag: `"${hash}-gz"` },
    br: { body: br, etag: `"${hash}-br"` },
  };
}

/** If-None-Match (weak comparison, RFC 9110 §13.1.2): does it name this ETag or `*`? */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
