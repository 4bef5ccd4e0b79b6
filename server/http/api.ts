import cors from '@fastify/cors';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { docsRoutes } from './routes/docs/docs.routes.js';
import { lookupsRoutes } from './routes/lookups/lookups.routes.js';
import { contentRoutes } from './routes/manage/content.routes.js';
import { termsRoutes } from './routes/manage/terms.routes.js';
import { usersRoutes } from './routes/manage/users.routes.js';
import { settingsRoutes } from './routes/settings/settings.routes.js';
import { siteOptionsRoutes } from './routes/site-options/site-options.routes.js';
import { ticketsRoutes } from './routes/tickets/tickets.routes.js';
import type { RouteServices } from './services.js';

export const API_NAMESPACE = '/helpdesk/v1';

// The routes a browser on any site may call: the widget's. Everything else gets no CORS headers.
const PUBLIC_ROUTE = /^\/api\/helpdesk\/v1\/(tickets\/(products|reasons|urgencies)\/?|tickets\/?|docs\/?|docs\/product\/[^/?]+)(\?|$)/;

/** Everything under /api: the helpdesk namespace, the site namespace and the OpenAPI document. */
export const apiPlugin: FastifyPluginAsync<RouteServices> = async (api, { ctx, config }) => {
  // Only these two pass down: the options object also carries this plugin's own `prefix`.
  const services: RouteServices = { ctx, config };
  const basePathLength = config.basePath.length;
  await api.register(cors, {
    // Decided per request so that preflights for management routes are refused too.
    delegator: (request, callback) => {
      const isPublic = PUBLIC_ROUTE.test((request.url ?? '').slice(basePathLength));
      callback(null, isPublic ? { origin: '*', credentials: false, methods: ['GET', 'HEAD', 'POST'], allowedHeaders: ['Content-Type', 'Idempotency-Key'], exposedHeaders: ['Retry-After', 'X-Total-Count', 'X-Per-Page'], maxAge: 86400 } : { origin: false });
    },
  });

  await api.register(
    async (helpdesk: FastifyInstance) => {
      await helpdesk.register(ticketsRoutes, services);
      await helpdesk.register(lookupsRoutes, services);
      await helpdesk.register(docsRoutes, services);
      await helpdesk.register(settingsRoutes, services);
      await helpdesk.register(contentRoutes, services);
      await helpdesk.register(termsRoutes, services);
      await helpdesk.register(usersRoutes, services);
      helpdesk.get('/openapi.json', { schema: { hide: true } }, async () => api.swagger());
    },
    { prefix: API_NAMESPACE },
  );
  await api.register(siteOptionsRoutes, { ...services, prefix: '/site/v1' });
  await ctx.hooks.doAction('rest_api_init', api);
};
