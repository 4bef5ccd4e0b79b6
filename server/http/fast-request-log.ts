import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';

/** The part of pino's logger Fastify's request log lines use. */
export interface RequestLogger {
  isLevelEnabled(level: string): boolean;
  child(bindings: Record<string, unknown>): { info(object: object, message: string): void; error(object: object, message: string): void };
}

/**
 * Writes the log lines Fastify writes for a request (log-controller.js): "incoming request" with the
 * request as the logger's `req` serializer reads it (method, url, ip, host, headers), and "request
 * completed" (or "request errored") with `res` (its statusCode) and `responseTime` once the answer is
 * written, on a child logger bound to the request id. For an answer sent without Fastify.
 */
export function logFastRequest(log: RequestLogger, requestId: string, req: IncomingMessage, res: ServerResponse): void {
  const child = log.child({ reqId: requestId });
  const start = performance.now();
  // Only for a request from the socket's own peer: the caller leaves forwarded requests to Fastify.
  child.info(
    {
      req: {
        method: req.method,
        url: req.url,
        ip: req.socket.remoteAddress,
        host: req.headers.host,
        headers: req.headers,
        socket: req.socket,
      },
    },
    'incoming request',
  );
  const done = (error?: Error) => {
    res.removeListener('finish', done);
    res.removeListener('error', done);
    const responseTime = performance.now() - start;
    if (error) child.error({ res, err: error, responseTime }, 'request errored');
    else child.info({ res, responseTime }, 'request completed');
  };
  res.on('finish', done);
  res.on('error', done);
}
