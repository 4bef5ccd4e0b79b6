import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';

/** The part of pino's logger the request log lines use. */
export interface RequestLogger {
  isLevelEnabled(level: string): boolean;
  child(bindings: Record<string, unknown>): {
    debug(object: object, message: string): void;
    info(object: object, message: string): void;
    error(object: object, message: string): void;
  };
}

/**
 * Writes the log line the app writes for a request through Fastify (request-log-controller.ts): "request
 * completed" (or "request errored") with the request as the logger's `req` serializer reads it, `res` (its
 * statusCode) and `responseTime`, once the answer is written, on a child logger bound to the request id; and at
 * `debug` "incoming request" first. For an answer sent without Fastify.
 */
export function logFastRequest(log: RequestLogger, requestId: string, req: IncomingMessage, res: ServerResponse): void {
  const child = log.child({ reqId: requestId });
  const start = performance.now();
  // Only for a request from the socket's own peer: the caller leaves forwarded requests to Fastify.
  const request = { method: req.method, url: req.url, ip: req.socket.remoteAddress, host: req.headers.host, headers: req.headers };
  if (log.isLevelEnabled('debug')) child.debug({ req: request }, 'incoming request');
  const done = (error?: Error) => {
    res.removeListener('finish', done);
    res.removeListener('error', done);
    const responseTime = performance.now() - start;
    if (error) child.error({ req: request, res, err: error, responseTime }, 'request errored');
    else child.info({ req: request, res, responseTime }, 'request completed');
  };
  res.on('finish', done);
  res.on('error', done);
}
