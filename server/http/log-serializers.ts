import type { FastifyRequest } from 'fastify';
import type { DestinationStream } from 'pino';

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

/** The service's logger options: the given level, and request lines that hold no secret. */
export function loggerOptions(level: string, stream?: DestinationStream) {
  return { level, serializers: { req: serializeRequest }, ...(stream && { stream }) };
}
