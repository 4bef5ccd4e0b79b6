import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { packageRoot } from '../config/package-root.js';
import type { RouteServices } from '../http/services.js';
import { getSiteOptions } from '../settings/site-options.js';
import { FrontRequest } from './front-request.js';
import { NotFoundPage } from './pages/not-found-page.js';
import { renderPage } from './pages/render-page.js';
import { matchRewriteRules, REWRITE_RULES } from './rewrite-rules.js';
import type { SiteTemplate } from './site-template.js';

/**
 * The help site: static files under /content/, then every other GET goes through the front-end router
 * (rewrite rules → query vars → template_redirect → the template that claims the query vars).
 */
export const siteRoutes: FastifyPluginAsync<RouteServices & { templates: SiteTemplate[] }> = async (app, services) => {
  const { ctx, config, templates } = services;
  await app.register(fastifyStatic, { root: join(packageRoot(), 'content'), prefix: '/content/', decorateReply: false, maxAge: '1h' });

  const handleFront = async (request: FastifyRequest, reply: FastifyReply) => {
    const url = new URL(request.url, 'http://placeholder');
    const path = url.pathname.slice(config.basePath.length).replace(/^\//, '');
    if (path === 'api' || path.startsWith('api/')) return reply.callNotFound();

    const queryVars = matchRewriteRules(REWRITE_RULES, path) ?? { error: '404' };
    const front = new FrontRequest(request.method, path, url.searchParams, queryVars, request.headers);
    await ctx.hooks.doAction('template_redirect', front);
    if (front.isExited) return reply.status(front.statusCode).headers(front.responseHeaders).send(front.body);

    const template = templates.find((t) => t.claims(front.queryVars));
    if (template) return template.render(front, reply);
    const { site_name } = await getSiteOptions(ctx.db);
    return reply.status(404).type('text/html; charset=utf-8').send(renderPage(NotFoundPage({ siteName: site_name, homeUrl: config.homeUrl })));
  };
  // The front page needs its own route: under a path prefix, `/help/` is not matched by `/help/*`.
  app.get('/', { schema: { hide: true } }, handleFront);
  app.get('/*', { schema: { hide: true } }, handleFront);
};
