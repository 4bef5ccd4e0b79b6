import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { isInternalAddress } from '../security/internal-addresses.js';
import { guardedLookup, hostOf, InternalAddressError } from './address-guard.js';

/** Any answer slower than this is a timeout, retried like a network error. */
export const WEBHOOK_TIMEOUT_MS = 15_000;
/** How much of an answer's body the delivery log keeps. */
export const RESPONSE_KEPT_BYTES = 4096;

export interface SendOutcome {
  /** The HTTP status; null when none came (timeout, network error, refused address). */
  status: number | null;
  /** Why no status came, as a code the log shows in words: `timeout`, `internal_address`, `secret_unreadable`, `network:<code>`. */
  error: string | null;
  /** The first 4 KB of the answer's body. */
  response: string | null;
  /** A 429's or 503's `Retry-After`, in ms. */
  retryAfterMs: number | null;
  /** True when the address was refused as internal: no retry can help. */
  refused: boolean;
  durationMs: number;
}

/**
 * POSTs one signed delivery. Redirects are never followed (a 3xx is a failed attempt like any other non-2xx), and
 * the connection goes only to an address checked after DNS resolution (`guardedLookup`).
 */
export async function sendWebhook(
  target: string,
  headers: Record<string, string>,
  body: string,
  allowed: Set<string>,
  timeoutMs = WEBHOOK_TIMEOUT_MS,
): Promise<SendOutcome> {
  const started = performance.now();
  const took = () => Math.round(performance.now() - started);
  const url = new URL(target);
  const host = hostOf(url);
  // An IP literal is never looked up: checked here.
  if (isIP(host) && !allowed.has(host) && isInternalAddress(host))
    return { status: null, error: 'internal_address', response: null, retryAfterMs: null, refused: true, durationMs: 0 };
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<SendOutcome>((resolve) => {
    let settled = false;
    const finish = (outcome: Omit<SendOutcome, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.destroy();
      resolve({ ...outcome, durationMs: took() });
    };
    const failed = (error: Error & { code?: string }) => {
      const refused = error instanceof InternalAddressError || error.code === 'EINTERNAL';
      finish({
        status: null,
        error: refused ? 'internal_address' : error.code === 'ETIMEOUT' ? 'timeout' : `network:${error.code ?? 'unknown'}`,
        response: null,
        retryAfterMs: null,
        refused,
      });
    };
    const req = request(
      url,
      {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'user-agent': 'Helpdesk-Webhooks',
        },
        lookup: guardedLookup(allowed),
        agent: false,
      },
      (res: IncomingMessage) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        const done = () =>
          finish({
            status: res.statusCode ?? null,
            error: null,
            response: Buffer.concat(chunks).subarray(0, RESPONSE_KEPT_BYTES).toString('utf8'),
            retryAfterMs: retryAfterOf(res.headers['retry-after']),
            refused: false,
          });
        res.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          kept += chunk.length;
          // Enough for the log: the rest is not read.
          if (kept >= RESPONSE_KEPT_BYTES) done();
        });
        res.on('end', done);
        res.on('error', done);
      },
    );
    const timer = setTimeout(() => failed(Object.assign(new Error('timeout'), { code: 'ETIMEOUT' })), timeoutMs);
    req.on('error', failed);
    req.end(body);
  });
}

/** `Retry-After` as seconds or an HTTP date, in ms from now; null when absent or unreadable. */
export function retryAfterOf(value: string | string[] | undefined, nowMs = Date.now()): number | null {
  const text = Array.isArray(value) ? value[0] : value;
  if (!text) return null;
  if (/^\d+$/.test(text.trim())) return Number(text.trim()) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - nowMs);
}
