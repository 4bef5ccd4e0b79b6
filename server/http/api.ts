import cors from '@fastify/cors';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { API_NAMESPACE } from './api-namespace.js';
import { isPublicRequest, PUBLIC_CORS } from './public-requests.js';
import { HELPDESK_RESOURCES } from './routes/index.js';
import { siteOptionsRoutes } from './routes/site-options/site-options.routes.js';
import type { RouteServices } from './services.js';

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
