import type { FastifyRequest } from 'fastify';
import { requestPath } from './request-path.js';

// The requests a browser on any site may make: the widget's, and the OpenAPI document (public, no secret in
// it: API tools and docs viewers on other origins read it). Everything else gets no CORS headers.
const PUBLIC_REQUESTS: Array<[method: string, path: RegExp]> = [
  ['POST', /^\/api\/helpdesk\/v1\/tickets\/?$/],
  ['GET', /^\/api\/helpdesk\/v1\/tickets\/(products|reasons|urgencies|form)\/?$/],
  ['GET', /^\/api\/helpdesk\/v1\/docs\/?$/],
  ['GET', /^\/api\/helpdesk\/v1\/docs\/product\/[^/]+\/?$/],
  ['GET', /^\/api\/helpdesk\/v1\/docs\/suggest\/?$/],
  ['GET', /^\/api\/helpdesk\/v1\/docs\/\d+\/article\/?$/],
  // The widget's deflection events (issue 38).
  ['POST', /^\/api\/helpdesk\/v1\/widget-events\/?$/],
  ['GET', /^\/api\/helpdesk\/v1\/openapi\.json$/],
];
export const PUBLIC_CORS = {
  origin: '*',
  credentials: false,
  methods: ['GET', 'HEAD', 'POST'],
  allowedHeaders: ['Content-Type', 'Idempotency-Key'],
  exposedHeaders: ['Retry-After', 'X-Total-Count', 'X-Per-Page'],
  maxAge: 86400,
};

/** Whether the request (or the request a preflight announces) is one of the widget's public, cross-origin ones. */
export function isPublicRequest(request: FastifyRequest, basePathLength: number): boolean {
  const path = requestPath(request.url ?? '').slice(basePathLength);
  // A preflight names the method it asks for.
  let method = request.method === 'OPTIONS' ? String(request.headers['access-control-request-method'] ?? '') : request.method;
  if (method === 'HEAD') method = 'GET';
  return PUBLIC_REQUESTS.some(([allowed, pattern]) => allowed === method && pattern.test(path));
}
