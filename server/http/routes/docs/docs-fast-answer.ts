import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { DocsListAnswer } from '../../../domain/content/docs-list-answer.js';
import type { CompressEncoding } from '../../compress-encoding.js';
import { BROTLI_OPTIONS, COMPRESS_SYNC_THRESHOLD, COMPRESS_THRESHOLD } from '../../compression-options.js';
import { HSTS_VALUE } from '../../plugins/hsts.js';
import { SECURITY_HEADERS } from '../../plugins/security-headers.js';
import { PUBLIC_CORS } from '../../public-requests.js';

/** The Content-Type of a docs list (the route sets it; the fast path sends the same). */
export const DOCS_CONTENT_TYPE = 'application/json; charset=utf-8';

/** One coding of a docs list as sent: the body and its headers, bar the request's own id. */
export interface DocsRepresentation {
  body: Buffer;
  /** The headers for a request with the id `requestId`, over https or not, in the order the Fastify path writes them. */
  headersFor(requestId: string, overHttps: boolean): string[];
}

const prepared = new WeakMap<DocsListAnswer, Partial<Record<CompressEncoding, DocsRepresentation | null>>>();

/**
 * The answer in that coding, with exactly the headers the Fastify path sends for an anonymous GET of a
 * public route: the security headers (set on the raw response in onRequest), then the reply's own in
 * the order they are added — X-Request-Id and HSTS (onRequest), CORS (onRequest), the paging headers and Content-Type
 * (the route), Content-Encoding and Content-Length (@fastify/compress, onSend). Made once per cached
 * answer and coding, kept as long as the answer is. Null when @fastify/compress would stream that
 * coding (chunked, no length): the fast path leaves those requests to it.
 */
export function docsRepresentation(answer: DocsListAnswer, encoding: CompressEncoding): DocsRepresentation | null {
  let codings = prepared.get(answer);
  if (!codings) {
    codings = {};
    prepared.set(answer, codings);
  }
  let representation = codings[encoding];
  if (representation === undefined) {
    representation = prepare(answer, encoding);
    codings[encoding] = representation;
  }
  return representation;
}

function prepare(answer: DocsListAnswer, encoding: CompressEncoding): DocsRepresentation | null {
  const size = answer.body.length;
  // Below the threshold the plugin leaves every answer alone, whatever the client accepts.
  const compressed = encoding !== 'none' && size >= COMPRESS_THRESHOLD;
  if (compressed && size > COMPRESS_SYNC_THRESHOLD) return null;
  const body = !compressed ? answer.body : encoding === 'br' ? brotliCompressSync(answer.body, BROTLI_OPTIONS) : gzipSync(answer.body);
  const reply: string[] = [
    'vary',
    compressed ? 'Origin, accept-encoding' : 'Origin',
    'access-control-allow-origin',
    String(PUBLIC_CORS.origin),
    'access-control-expose-headers',
    PUBLIC_CORS.exposedHeaders.join(', '),
    'x-total-count',
    String(answer.total),
    'x-per-page',
    String(answer.perPage),
    'content-type',
    DOCS_CONTENT_TYPE,
    ...(compressed ? ['content-encoding', encoding] : []),
    'content-length',
    String(body.length),
  ];
  const security = SECURITY_HEADERS.flat();
  // X-Request-Id is the first of the reply's own (app.ts adds it before any plugin's onRequest).
  return {
    body,
    headersFor: (requestId, overHttps) =>
      overHttps
        ? [...security, 'x-request-id', requestId, 'strict-transport-security', HSTS_VALUE, ...reply]
        : [...security, 'x-request-id', requestId, ...reply],
  };
}
