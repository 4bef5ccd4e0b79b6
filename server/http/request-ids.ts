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
