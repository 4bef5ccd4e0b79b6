import type { IncomingMessage, ServerResponse } from 'node:http';
import { type DocsListAnswer, docsAnswerKey } from '../../../domain/content/docs-list-answer.js';
import type { PostsCache } from '../../../domain/posts-cache.js';
import type { Hooks } from '../../../hooks/create-hooks.js';
import { API_NAMESPACE } from '../../api-namespace.js';
import { compressEncoding } from '../../compress-encoding.js';
import { logFastRequest, type RequestLogger } from '../../fast-request-log.js';
import { requestIdOf } from '../../request-ids.js';
import { docsRepresentation } from './docs-fast-answer.js';

export interface DocsFastPathOptions {
  basePath: string;
  hooks: Hooks;
  postsCache: PostsCache;
  /** Trusted proxy hops: with none, X-Forwarded-Proto is ignored (as Fastify's request.protocol does). */
  trustProxyHops: number;
}

export interface DocsFastPath {
  /** The route answered this request target with the docs list of this query key. */
  remember(rawUrl: string, queryKey: string): void;
  /** Answers a GET or HEAD from the cache and says true; false leaves the request to Fastify. */
  answer(req: IncomingMessage, res: ServerResponse): boolean;
  /**
   * Fastify's logger and request ids: while it logs requests (level info or lower), the fast path writes
   * the same two lines per request, with an id from the same generator.
   */
  useLogger(log: object, nextRequestId: () => string): void;
  /** The app is closing: Fastify answers (it closes keep-alive connections and refuses new work). */
  stop(): void;
}

// Request headers that make the answer or its handling differ: a token or session (the answer is then
// marked no-store, a bad token is a 401), X-No-Compression, a routing constraint, a request body.
const NEEDS_FASTIFY = ['authorization', 'cookie', 'x-no-compression', 'accept-version', 'content-length', 'transfer-encoding'];
// Each address seen costs one entry; any query parameter the schema ignores makes a new address.
const MAX_ADDRESSES = 1_000;

/**
 * Answers the public docs lists (GET /api/helpdesk/v1/docs/ and /docs/product/{slug}) from the posts
 * cache before Fastify sees the request, for the addresses the route has already answered: Fastify's
 * routing, query validation, hooks and reply cost two thirds of the throughput of a bare server. The
 * route tells it (remember) which query key an address validated to, so no query parsing or validation
 * is redone here, and an address the route refused (400) is never answered here. An answer is sent only
 * while the cache holds it for the current hook-registry version — so a write (here, or on another
 * instance over LISTEN/NOTIFY), a filter added or removed, or the TTL sends the next request to the route
 * again — and only when the request needs nothing else: no credentials, a plain Accept-Encoding. The bytes
 * and headers are those of the Fastify path (docs-fast-answer.ts), and so are the request's log lines.
 */
export function createDocsFastPath({ basePath, hooks, postsCache, trustProxyHops }: DocsFastPathOptions): DocsFastPath {
  const prefix = `${basePath}/api${API_NAMESPACE}/docs`;
  const queryKeys = new Map<string, string>();
  let logger: RequestLogger | undefined;
  // The id Fastify would have given a request: the caller's sane X-Request-Id, else the next of the shared counter.
  let requestIdFor = requestIdOf(() => '');
  let stopped = false;

  const overHttps = (req: IncomingMessage): boolean => {
    const proto = req.headers['x-forwarded-proto'];
    if (trustProxyHops === 0 || typeof proto !== 'string' || proto === '') return false;
    return proto.slice(proto.lastIndexOf(',') + 1).trim() === 'https';
  };

  return {
    remember(rawUrl, queryKey) {
      if (queryKeys.get(rawUrl) === queryKey) return;
      if (queryKeys.size >= MAX_ADDRESSES) queryKeys.clear();
      queryKeys.set(rawUrl, queryKey);
    },

    answer(req, res) {
      const url = req.url;
      if (stopped || url === undefined || !url.startsWith(prefix)) return false;
      const queryKey = queryKeys.get(url);
      if (queryKey === undefined) return false;
      const headers = req.headers;
      for (const name of NEEDS_FASTIFY) if (headers[name] !== undefined) return false;
      // Fastify's HEAD route sends the uncompressed answer's headers, whatever the client accepts.
      const encoding = req.method === 'HEAD' ? 'none' : compressEncoding(headers['accept-encoding']);
      if (encoding === undefined) return false;
      const answer = postsCache.peek<DocsListAnswer>(docsAnswerKey(hooks.version, queryKey));
      if (answer === undefined) return false;
      const representation = docsRepresentation(answer, encoding);
      if (representation === null) return false;
      // Read per request: a logger's level may be changed while the service runs.
      const logging = logger?.isLevelEnabled('info') === true;
      // The logged address and host would be the proxy's word: proxy-addr's, through Fastify.
      if (logging && trustProxyHops > 0 && (headers['x-forwarded-for'] !== undefined || headers['x-forwarded-host'] !== undefined))
        return false;
      const requestId = requestIdFor(req);
      if (logging) logFastRequest(logger as RequestLogger, requestId, req, res);
      res.writeHead(200, representation.headersFor(requestId, overHttps(req)));
      res.end(req.method === 'HEAD' ? undefined : representation.body);
      return true;
    },

    useLogger(log, requestIds) {
      // Fastify's logger is pino's, or a silent stand-in without isLevelEnabled when logging is off.
      logger = typeof (log as Partial<RequestLogger>).isLevelEnabled === 'function' ? (log as RequestLogger) : undefined;
      requestIdFor = requestIdOf(requestIds);
    },

    stop() {
      stopped = true;
    },
  };
}
