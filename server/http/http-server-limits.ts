import { type Server, type ServerOptions, type ServerResponse, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { type Message, message } from '../../common/i18n/translator.js';
import type { HttpLimits } from '../config/config-types.js';
import type { ErrorCode } from '../errors.js';
import { problemFor } from './problem.js';

/**
 * Node's own bounds, given when the server is made: complete headers within `headersTimeoutMs`, the
 * whole request within `requestTimeoutMs`, each answered with a 408 by the server's clientError path.
 * Node checks them only every `connectionsCheckingInterval` (30 s by default, which would let a stalled
 * socket live a minute), so the check runs several times within the shortest bound.
 */
export function httpServerOptions(limits: HttpLimits): ServerOptions {
  const shortest = Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs);
  return {
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(shortest / 4))),
  };
}

/** A complete raw HTTP answer with a problem document, for a socket no request object can answer. */
function rawProblem(code: ErrorCode, detail: Message): string {
  const problem = problemFor(code, detail);
  const body = JSON.stringify(problem);
  return [
    `HTTP/1.1 ${problem.status} ${STATUS_CODES[problem.status]}`,
    'Content-Type: application/problem+json',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}

const TIMEOUT_RESPONSE = rawProblem('REQUEST_TIMEOUT', message('problems.detail.request_timeout'));
const CLIENT_ERRORS: Record<string, string> = {
  ERR_HTTP_REQUEST_TIMEOUT: TIMEOUT_RESPONSE,
  HPE_HEADER_OVERFLOW: rawProblem('HEADERS_TOO_LARGE', message('problems.detail.headers_too_large')),
};
const BAD_REQUEST = rawProblem('MALFORMED_BODY', message('problems.detail.not_http'));

/**
 * Fastify's `clientErrorHandler`: what Node's header and whole-request timeouts (and unparsable
 * requests) answer, as the same problem documents as every other refusal instead of Fastify's own
 * JSON. A reset socket has nobody left to answer.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (socket.writable) socket.write(CLIENT_ERRORS[error.code ?? ''] ?? BAD_REQUEST);
  socket.destroy(error);
}

/**
 * Silence on a connection for `bodyTimeoutMs` (a body that stopped arriving, a client that stopped
 * reading) and idle keep-alive connections past `keepAliveTimeoutMs` end the connection. A request
 * whose body stalled is told so with a 408 first. A request whose handler is still working (headers
 * and body all received, nothing answered yet) is left alone: silence is then the server's, not the
 * client's, and a slow handler has its own bounds.
 */
export function applySilenceTimeouts(server: Server, limits: HttpLimits): void {
  server.keepAliveTimeout = limits.keepAliveTimeoutMs;
  // Node arms every socket with server.timeout and emits 'timeout' here when it runs out.
  server.timeout = limits.bodyTimeoutMs;
  server.on('timeout', (socket: Socket) => {
    // The response of the request in progress, if any (Node's own link from socket to response).
    const response = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
    const request = response?.req;
    if (response && request?.complete && !response.headersSent) return;
    if (response && request && !request.complete && !response.headersSent && socket.writable) socket.write(TIMEOUT_RESPONSE);
    socket.destroy();
  });
}
