import type { Server, ServerOptions, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { HttpLimits } from '../config/config-types.js';

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

const TIMEOUT_BODY = JSON.stringify({
  type: 'urn:helpdesk:problem:request-timeout',
  title: 'Request timeout',
  status: 408,
  detail: 'The request stopped arriving before it was complete. Send it again.',
  code: 'REQUEST_TIMEOUT',
});
const TIMEOUT_RESPONSE = ['HTTP/1.1 408 Request Timeout', 'Content-Type: application/problem+json', `Content-Length: ${Buffer.byteLength(TIMEOUT_BODY)}`, 'Connection: close', '', TIMEOUT_BODY].join(
  '\r\n',
);

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
