import type { IncomingMessage } from 'node:http';

/**
 * Whether a request failed because its client hung up before sending all of it: Node ends the body
 * stream with ECONNRESET ("aborted"). That code is also a database socket's, which must not make a
 * client's hang-up read as "database unreachable" in the log; a database failure happens after the
 * request arrived complete.
 */
export function isClientAbort(error: unknown, raw: IncomingMessage): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ECONNRESET' && !raw.complete;
}
