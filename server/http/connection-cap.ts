import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { english } from '../i18n/translators.js';
import { addressKey } from '../security/client-address.js';

// Answered before any request is read: no language is known yet, so the site's source language.
const REFUSAL_BODY = english.t('problems.http.too_many_connections');
const REFUSAL = [
  // i18n-exempt: an HTTP status line
  'HTTP/1.1 503 Service Unavailable',
  'Content-Type: text/plain; charset=utf-8',
  `Content-Length: ${Buffer.byteLength(REFUSAL_BODY)}`,
  'Retry-After: 10',
  'Connection: close',
  '',
  REFUSAL_BODY,
].join('\r\n');

/**
 * At most `max` open connections per client address (IPv6 by /64, IPv4-mapped as IPv4): one address
 * cannot hold every socket the server has. A connection over the cap is answered 503 and closed at
 * once; the others from that address keep working.
 *
 * Behind trusted proxies (`trustProxyHops` > 0) every connection comes from a proxy, which carries
 * many clients over a few connections; the visitor's address is known only per request, after the
 * connection was accepted. The cap is then off, and the proxy is where connections are limited.
 */
export function capConnectionsPerAddress(server: Server, max: number, trustProxyHops: number): void {
  if (max <= 0 || trustProxyHops > 0) return;
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const key = addressKey(socket.remoteAddress ?? '');
    const count = open.get(key) ?? 0;
    if (count >= max) {
      if (socket.writable) socket.write(REFUSAL);
      socket.destroy();
      return;
    }
    open.set(key, count + 1);
    socket.once('close', () => {
      const left = (open.get(key) ?? 1) - 1;
      if (left > 0) open.set(key, left);
      else open.delete(key);
    });
  });
}
