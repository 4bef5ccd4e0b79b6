import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { API_BODY_LIMIT } from '../common/limits.js';
import { adminAppRoutes } from './admin/admin-app.routes.js';
import type { Config } from './config/config-types.js';
import type { DomainContext } from './domain/context.js';
import { apiPlugin } from './http/api.js';
import { buildSerializerOnFirstUse } from './http/compile-on-first-use.js';
import { COMPRESS_OPTIONS } from './http/compression-options.js';
import { answerClientError } from './http/http-server-limits.js';
import { registerUploadCleanup } from './http/multipart-uploads.js';
import { openApiOptions } from './http/openapi/openapi-options.js';
import { apiSessionPlugin } from './http/plugins/api-session.js';
import { authPlugin } from './http/plugins/auth.js';
import { errorsPlugin } from './http/plugins/errors.js';
import { hstsPlugin } from './http/plugins/hsts.js';
import { routeMethodsPlugin } from './http/plugins/route-methods.js';
import { securityHeadersPlugin } from './http/plugins/security-headers.js';
import { sessionPlugin } from './http/plugins/session.js';
import { validationPlugin } from './http/plugins/validation.js';
import { withRequestId } from './http/problem-request-id.js';
import type { ProcessHealth } from './http/process-health.js';
import { createRequestIds, requestIdOf } from './http/request-ids.js';
import { OneLinePerRequest } from './http/request-log-controller.js';
import { createRequestMetrics } from './http/request-metrics.js';
import { createDocsFastPath } from './http/routes/docs/docs-fast-path.js';
import { LiveEventSchema } from './http/routes/live/live-event.schema.js';
import { ProblemSchema, TicketEventSchema } from './http/routes/shared.schema.js';
import { healthRoutes } from './http/routes/system/health.routes.js';
import { metricsRoutes } from './http/routes/system/metrics.routes.js';
import type { RouteServices } from './http/services.js';
import { type CounterStore, createMemoryCounterStore } from './intake/counter-store.js';
import { prepareEmbed } from './site/embed/prepare-embed.js';
import { SITE_PAGES } from './site/pages/index.js';
import { siteRoutes } from './site/site.routes.js';
import { siteMethods } from './site/site-methods.js';

export interface AppDeps {
  config: Config;
  ctx: DomainContext;
  /** Intake counters; in memory unless the service shares them (Redis) with other instances. */
  counters?: CounterStore;
  logger?: FastifyServerOptions['logger'];
  /** What this process runs besides HTTP (the mail worker), for /readyz and /metrics. */
  health?: ProcessHealth;
}

/** The whole service as a Fastify instance, not listening (tests inject or listen on port 0). */
export async function buildApp({
  config,
  ctx,
  counters = createMemoryCounterStore(),
  logger = false,
  health,
}: AppDeps): Promise<FastifyInstance> {
  const docsFastPath = createDocsFastPath({
    basePath: config.basePath,
    hooks: ctx.hooks,
    postsCache: ctx.postsCache,
    trustProxyHops: config.trustProxyHops,
  });
  // HELPDESK_PERFORMANCE_OFF: `fast-paths` sends every request to Fastify; `compression` leaves answers uncompressed,
  // and the docs fast path, which sends the compressed answer Fastify would, then steps aside too.
  const isFast = !ctx.performanceOff.has('fast-paths');
  const isCompressed = !ctx.performanceOff.has('compression');
  const embed = await prepareEmbed(config, ctx.hooks, {
    beforeFastify: isFast && isCompressed ? [docsFastPath.answer] : [],
    isFastPathOn: isFast,
  });
  // One counter for Fastify's request ids and the docs fast path's log lines.
  const requestIds = createRequestIds();
  const app = Fastify({
    logger,
    logController: new OneLinePerRequest(),
    genReqId: requestIdOf(requestIds),
    serverFactory: embed.serverFactory,
    // Node's header and request timeouts answer 408 problems, like every other refusal.
    clientErrorHandler: answerClientError,
    bodyLimit: API_BODY_LIMIT,
    // Trust exactly the configured number of proxy hops; with 0, X-Forwarded-For is ignored.
    trustProxy: (_address: string, hop: number) => hop < config.trustProxyHops,
    routerOptions: { ignoreTrailingSlash: true },
    // Our own problem response replaces Fastify's default 400 for bad JSON keys like __proto__.
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    schemaController: { compilersFactory: { buildSerializer: buildSerializerOnFirstUse } },
  }).withTypeProvider<TypeBoxTypeProvider>();
  // The docs fast path writes Fastify's request log lines, and steps aside once the app is closing.
  docsFastPath.useLogger(app.log, requestIds);
  app.addHook('preClose', (done) => {
    docsFastPath.stop();
    done();
  });
  // Every answer names its request (the id in the log lines), and every problem carries it as `request_id`
  // (an RFC 9457 extension member). Added first, so it runs before compression's onSend.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => done(null, withRequestId(request.id, reply.getHeader('content-type'), payload)));
  // Request counts and durations by route for /metrics: only when it is on and HELPDESK_METRICS_REQUESTS is not off.
  const requestMetrics = config.metrics?.requests ? createRequestMetrics() : undefined;
  if (requestMetrics)
    app.addHook('onResponse', (request, reply, done) => {
      requestMetrics.record(request.method, request.routeOptions.url ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
      done();
    });

  // Only JSON, form and multipart bodies are accepted; anything else is a 415 problem.
  app.removeContentTypeParser('text/plain');
  app.addSchema(TicketEventSchema);
  app.addSchema(ProblemSchema);
  app.addSchema(LiveEventSchema);
  await app.register(errorsPlugin, { db: ctx.db });
  // Before any route: the index of paths and methods behind 405 answers.
  await app.register(routeMethodsPlugin, { extraMethods: siteMethods(config.basePath) });
  await app.register(validationPlugin);
  await app.register(formbody);
  // multipart/form-data (files beside the fields) is read by the routes that take files, as a stream:
  // see http/multipart-uploads.ts. Elsewhere it fails the route's body schema like any unread body.
  await app.register(multipart, { limits: { fieldSize: API_BODY_LIMIT, fields: 100, parts: 200 } });
  registerUploadCleanup(app, ctx);
  // HTML, CSS and JSON answers compressed (brotli or gzip, as the client asks; http/compression-options.ts).
  // The widget script and the admin app's assets come precompressed once and carry their Content-Encoding
  // already, which this plugin leaves alone.
  if (isCompressed) await app.register(compress, COMPRESS_OPTIONS);
  await app.register(securityHeadersPlugin);
  await app.register(hstsPlugin);
  await app.register(authPlugin, { db: ctx.db });
  await app.register(sessionPlugin, { db: ctx.db, config, live: ctx.live });
  await app.register(apiSessionPlugin, { db: ctx.db, config });
  await app.register(swagger, openApiOptions(config));

  const services: RouteServices = { ctx, config, counters, docsFastPath, health };
  await app.register(
    async (site) => {
      await site.register(healthRoutes, services);
      await site.register(metricsRoutes, { ...services, requestMetrics });
      await site.register(apiPlugin, { ...services, prefix: '/api' });
      for (const page of SITE_PAGES) if (page.routes) await site.register(page.routes, services);
      await site.register(adminAppRoutes, services);
      const pageTemplates = SITE_PAGES.flatMap((page) => page.templates.map((template) => template(ctx, config)));
      // The widget's script is not a page, but is answered by the same router (spec §4.1).
      await site.register(siteRoutes, { ...services, templates: [embed.template, ...pageTemplates] });
    },
    { prefix: config.basePath },
  );
  return app;
}
