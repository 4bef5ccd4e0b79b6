import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { safeBrandColor } from '../../common/brand-color.js';
import { packageRoot } from '../config/package-root.js';
import type { RouteServices } from '../http/services.js';
import { loadMarkdown } from '../markdown/load-markdown.js';
import { readSiteLogo } from '../settings/site-logo.js';
import { getSiteOptions } from '../settings/site-options.js';
import { brandStylesheet } from './brand-stylesheet.js';
import { takeEarlyFront } from './early-front.js';
import { createFrontRequest } from './front-request.js';
import { NotFoundPage } from './shared/not-found-page.js';
import { renderPage } from './shared/render-page.js';
import { siteFrameOf } from './shared/site-page.js';
import { LANGUAGE_VARY } from './shared/site-translator.js';
import type { SiteTemplate } from './site-template.js';

/**
 * The help site: static files under /content/, then every other GET goes through the front-end router
 * (rewrite rules → query vars → template_redirect → the template that claims the query vars).
 */
export const siteRoutes: FastifyPluginAsync<RouteServices & { templates: SiteTemplate[] }> = async (app, services) => {
  const { ctx, config, templates } = services;
  await app.register(fastifyStatic, {
    root: join(packageRoot(), 'content'),
    prefix: '/content/',
    decorateReply: false,
    maxAge: '1h',
    // Public files, among them self-hosted copies of the widget that other sites load by script tag:
    // helmet's same-site resource policy would make browsers refuse them there.
    setHeaders: (res) => res.setHeader('cross-origin-resource-policy', 'cross-origin'),
  });

  // The owner's logo. Its URL carries the version, so a browser keeps it for a year and asks again after a change.
  // Mails show it in webmail, on another site, so it may be loaded from anywhere (it is public on every page anyway).
  app.get('/site-logo', { schema: { hide: true } }, async (request, reply) => {
    const logo = await readSiteLogo(ctx.db);
    if (!logo) return reply.callNotFound();
    const current = (request.query as { v?: string }).v === logo.version;
    return reply
      .headers({
        'cache-control': current ? 'public, max-age=31536000, immutable' : 'no-cache',
        etag: `"${logo.version}"`,
        'x-content-type-options': 'nosniff',
        'content-security-policy': 'sandbox',
        'cross-origin-resource-policy': 'cross-origin',
      })
      .type(logo.type)
      .send(logo.bytes);
  });

  // The brand colour as a stylesheet (brand-stylesheet.ts); kept for a year when the URL names the current colour.
  app.get('/site-brand.css', { schema: { hide: true } }, async (request, reply) => {
    const color = safeBrandColor((await getSiteOptions(ctx.db)).brand_color);
    const current = (request.query as { v?: string }).v === color.slice(1);
    return reply
      .headers({ 'cache-control': current ? 'public, max-age=31536000, immutable' : 'no-cache' })
      .type('text/css; charset=utf-8')
      .send(brandStylesheet(color));
  });

  const handleFront = async (request: FastifyRequest, reply: FastifyReply) => {
    // The widget's fast path may have run template_redirect already (server/site/embed/).
    const early = takeEarlyFront(request.raw);
    if (early && 'error' in early) throw early.error;
    const front = early?.front ?? createFrontRequest(request.method, request.url, config.basePath, request.headers);
    if (front.path === 'api' || front.path.startsWith('api/')) return reply.callNotFound();
    if (!early) await ctx.hooks.doAction('template_redirect', front);
    if (front.isExited) return reply.status(front.statusCode).headers(front.responseHeaders).send(front.body);

    const template = templates.find((t) => t.claims(front.queryVars));
    // Pages render synchronously, and any of them may render Markdown (markdown()): the renderer is loaded
    // here, once per process, rather than by each template that remembers to.
    if (template) return loadMarkdown().then(() => template.render(front, reply));
    return reply
      .status(404)
      .header('vary', LANGUAGE_VARY)
      .type('text/html; charset=utf-8')
      .send(renderPage(NotFoundPage(await siteFrameOf(ctx, config, request))));
  };
  // The front page needs its own route: under a path prefix, `/help/` is not matched by `/help/*`.
  app.get('/', { schema: { hide: true } }, handleFront);
  app.get('/*', { schema: { hide: true } }, handleFront);
};
