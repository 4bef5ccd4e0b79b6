import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The options the app once gave @fastify/helmet. Pages carry no inline script or style, so the CSP
 * needs no 'unsafe-inline'. Responses meant for other sites (the widget script) set
 * Cross-Origin-Resource-Policy: cross-origin themselves. security-headers.test.ts checks that
 * SECURITY_HEADERS is exactly what helmet sends for them.
 */
export const HELMET_OPTIONS = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'"],
      imgSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      fontSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      // No page of the help site or the admin app is meant to be framed, not even by itself
      // (clickjacking of the sign-in and settings forms); the widget is a script, not a frame.
      frameAncestors: ["'none'"],
    },
  },
  frameguard: { action: 'deny' as const },
  crossOriginResourcePolicy: { policy: 'same-site' as const },
  crossOriginEmbedderPolicy: false,
  // Sent only over https, by hstsPlugin.
  strictTransportSecurity: false,
};

/** helmet's headers for HELMET_OPTIONS, written out once. */
export const SECURITY_HEADERS: ReadonlyArray<readonly [string, string]> = [
  [
    'content-security-policy',
    "default-src 'self';script-src 'self';style-src 'self';img-src 'self' data:;connect-src 'self';font-src 'self';" +
      "object-src 'none';base-uri 'self';form-action 'self';frame-ancestors 'none'",
  ],
  ['cross-origin-opener-policy', 'same-origin'],
  ['cross-origin-resource-policy', 'same-site'],
  ['origin-agent-cluster', '?1'],
  ['referrer-policy', 'no-referrer'],
  ['x-content-type-options', 'nosniff'],
  ['x-dns-prefetch-control', 'off'],
  ['x-download-options', 'noopen'],
  ['x-frame-options', 'DENY'],
  ['x-permitted-cross-domain-policies', 'none'],
  ['x-xss-protection', '0'],
];

/**
 * Sets SECURITY_HEADERS on every answer, on the raw response as helmet does (so a route may still
 * remove or replace one). @fastify/helmet builds its middleware anew for every request, parsing the
 * CSP each time: about a fifth of the cost of a small cached answer.
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', (_request, reply, done) => {
      const raw = reply.raw;
      for (const [name, value] of SECURITY_HEADERS) raw.setHeader(name, value);
      done();
    });
  },
  { name: 'helpdesk-security-headers' },
);
