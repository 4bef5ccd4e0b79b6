import type { FastifyRequest } from 'fastify';
import pino, { type DestinationStream } from 'pino';

// Sign-in links and the mail's signed file links carry their secret in the query string; it must never
// reach a log (a log reader could open the file while the link lasts).
const SECRET_QUERY_PARAMS = /([?&](?:token|key|secret|signature)=)[^&]*/gi;

/** What a request log line holds: no headers (Authorization, cookies), no secrets from the URL. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    remoteAddress: request.ip,
  };
}

export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY_PARAMS, '$1[redacted]');
}

/**
 * The service's logger options: the given level, and request lines that hold no secret. Without a `stream` the
 * lines go to standard output asynchronously: pino's synchronous default made every request wait for its line's
 * write() on the event loop. What is written meanwhile is flushed when the process exits (not on SIGKILL).
 */
export function loggerOptions(level: string, stream: DestinationStream = pino.destination({ dest: 1, sync: false })) {
  return { level, serializers: { req: serializeRequest }, stream };
}
