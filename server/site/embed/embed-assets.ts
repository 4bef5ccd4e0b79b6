import { createHash } from 'node:crypto';
import type { OutgoingHttpHeaders } from 'node:http';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { EmbedEncoding } from './negotiate-encoding.js';

/**
 * The script is embedded on every page view of other sites: browsers may use it for 5 minutes
 * without asking, then keep using it for a day while revalidating in the background (a 304 thanks
 * to the ETag). A redeploy so reaches every site within minutes, and a slow help site never
 * delays a host page's next view.
 */
export const EMBED_CACHE_CONTROL = 'public, max-age=300, stale-while-revalidate=86400';

/** Headers of every widget answer, 200 and 304 alike (each adds its ETag). */
const COMMON_HEADERS = {
  'cache-control': EMBED_CACHE_CONTROL,
  vary: 'Accept-Encoding',
  // Helmet's same-site default would stop other sites' <script> tags from using the response.
  'cross-origin-resource-policy': 'cross-origin',
  'x-content-type-options': 'nosniff',
};

/** One stored representation of the widget response, with its ready-made headers. */
export interface EmbedRepresentation {
  body: Buffer;
  /** Strong ETag: a different one per coding, as RFC 9110 §8.8.3 asks of strong validators. */
  etag: string;
  okHeaders: OutgoingHttpHeaders;
  notModifiedHeaders: OutgoingHttpHeaders;
}

export type EmbedAssets = Record<EmbedEncoding, EmbedRepresentation>;

/** The response body of spec §4.1: one line assigning HELPDESK_HOME_URL, then the static script. */
export function embedBody(homeUrl: string, script: string): string {
  return `var HELPDESK_HOME_URL = ${JSON.stringify(homeUrl)};\n${script}`;
}

/**
 * Compresses the body once, at start-up, at the highest levels (compressing per request costs
 * ~20× the throughput, and the bytes never change while the process runs), and hashes it.
 */
export function prepareEmbedAssets(body: string): EmbedAssets {
  const raw = Buffer.from(body, 'utf8');
  const hash = createHash('sha256').update(raw).digest('base64url').slice(0, 22); // 132 bits
  const representation = (coding: EmbedEncoding, bytes: Buffer, etag: string): EmbedRepresentation => {
    const notModifiedHeaders = { ...COMMON_HEADERS, etag };
    const okHeaders: OutgoingHttpHeaders = {
      'content-type': 'application/javascript; charset=utf-8',
      ...notModifiedHeaders,
      'content-length': bytes.length,
    };
    if (coding !== 'identity') okHeaders['content-encoding'] = coding;
    return { body: bytes, etag, okHeaders, notModifiedHeaders };
  };
  const gzip = gzipSync(raw, { level: 9 });
  const br = brotliCompressSync(raw, {
    params: {
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
    },
  });
  return {
    identity: representation('identity', raw, `"${hash}"`),
    gzip: representation('gzip', gzip, `"${hash}-gz"`),
    br: representation('br', br, `"${hash}-br"`),
  };
}

/** If-None-Match with weak comparison (RFC 9110 §13.1.2): does it name this ETag, or `*`? */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
