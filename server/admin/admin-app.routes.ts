import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { packageRoot } from '../config/package-root.js';
import type { RouteServices } from '../http/services.js';
import { setupRoutes } from '../onboarding/setup.routes.js';
import { classicSettingsRoutes } from './classic-settings.routes.js';

const escapeAttr = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The admin app at /admin/: Vite's build in dist/admin (hashed assets cached for a year), every other
 * path under /admin/ answered with index.html (the app routes in the browser). A <base href> written
 * into index.html makes its relative asset URLs work at any depth and under any path prefix.
 */
export const adminAppRoutes: FastifyPluginAsync<RouteServices> = async (app, services) => {
  const { config } = services;
  const dir = join(packageRoot(), 'dist', 'admin');
  const indexFile = join(dir, 'index.html');
  const index = existsSync(indexFile)
    ? readFileSync(indexFile, 'utf8').replace('<head>', `<head>\n    <base href="${escapeAttr(`${config.basePath}/admin/`)}" />`)
    : null;

  await app.register(classicSettingsRoutes, services);
  await app.register(setupRoutes, services);
  if (existsSync(join(dir, 'assets'))) {
    await app.register(fastifyStatic, {
      root: join(dir, 'assets'),
      prefix: '/admin/assets/',
      decorateReply: false,
      immutable: true,
      preCompressed: true,
      maxAge: '365d',
      index: false,
      // The same URL is sent as brotli, gzip or plain: caches must key on Accept-Encoding.
      setHeaders: (res) => res.setHeader('vary', 'Accept-Encoding'),
    });
  }

  const sendIndex = async (_request: unknown, reply: FastifyReply) => {
    if (!index)
      return (
        reply
          .status(503)
          .type('text/plain; charset=utf-8')
          // i18n-exempt: shown only to the operator of a checkout whose admin app is not built
          .send('The admin app is not built yet: run "npm run build" (npm install and npm start do it).')
      );
    return reply.headers({ 'cache-control': 'no-cache', 'referrer-policy': 'same-origin' }).type('text/html; charset=utf-8').send(index);
  };
  app.get('/admin/', { schema: { hide: true } }, sendIndex);
  app.get('/admin/*', { schema: { hide: true } }, sendIndex);
};
