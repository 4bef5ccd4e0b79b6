import type { IncomingMessage } from 'node:http';

/**
 * Request ids as Fastify's default makes them (`req-1`, `req-2`… in base 36, wrapping below 2^31), from one
 * counter per app: Fastify's `genReqId` and the socket fast paths that write Fastify's request log lines
 * (fast-request-log.ts) take them from the same generator, so no two requests of a process share an id.
 */
export function createRequestIds(): () => string {
  let next = 0;
  return () => {
    next = (next + 1) & 0x7fffffff;
    return `req-${next.toString(36)}`;
  };
}

/** An incoming `X-Request-Id` kept as the request's id: 1–64 letters, digits and `-._:`; anything else is replaced. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * Fastify's `genReqId`: the caller's (or its proxy's) `X-Request-Id` when sane, so one id follows a request
 * through the proxy's log, ours and the problem the client got; else the next id of `next`.
 */
export function requestIdOf(next: () => string): (req: IncomingMessage) => string {
  return (req) => {
    const given = req.headers['x-request-id'];
    return typeof given === 'string' && SANE_REQUEST_ID.test(given) ? given : next();
  };
}
