import cors from '@fastify/cors';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { requestPath } from './request-path.js';
import { HELPDESK_RESOURCES } from './routes/index.js';
import { siteOptionsRoutes } from './routes/site-options/site-options.routes.js';
import type { RouteServices } from './services.js';

export const API_NAMESPACE = '/helpdesk/v1';

// The requests a browser on any site may make: the widget's, and the OpenAPI document (public, no secret in
// it: API tools and docs viewers on other origins read it). Everything else gets no CORS headers.
const PUBLIC_REQUESTS: Array<[method: string, path: RegExp]> = [
  ['POST', /^\/api\/helpdesk\/v1\/tickets\/?$/],
  ['GET', /^\/api\/helpdesk\/v1\/tickets\/(products|reasons|urgencies|form)\/?$/],
  ['GET', /^\/api\/helpdesk\/v1\/docs\/?$/],
  ['GET', /^\/api\/helpdesk\/v1\/docs\/product\/[^/]+\/?$/],
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

/** Everything under /api: the helpdesk namespace, the site namespace and the OpenAPI document. */
export const apiPlugin: FastifyPluginAsync<RouteServices> = async (api, { ctx, config, counters, docsFastPath }) => {
  // Only these pass down: the options object also carries this plugin's own `prefix`.
  const services: RouteServices = { ctx, config, counters, docsFastPath };
  const basePathLength = config.basePath.length;
  await api.register(cors, {
    // Decided per request so that management routes, preflights included, get no CORS headers.
    delegator: (request, callback) =>
      callback(null, isPublicRequest(request as FastifyRequest, basePathLength) ? PUBLIC_CORS : { origin: false }),
  });

  // An answer for a signed-in caller (token or session) is theirs alone: no cache may keep it.
  api.addHook('onSend', (request, reply, payload, done) => {
    if (request.actor) reply.header('cache-control', 'no-store');
    done(null, payload);
  });

  await api.register(
    async (helpdesk: FastifyInstance) => {
      for (const resource of HELPDESK_RESOURCES) await helpdesk.register(resource, services);
      helpdesk.get('/openapi.json', { schema: { hide: true } }, async () => api.swagger());
    },
    { prefix: API_NAMESPACE },
  );
  await api.register(siteOptionsRoutes, { ...services, prefix: '/site/v1' });
  await ctx.hooks.doAction('rest_api_init', api);
};
