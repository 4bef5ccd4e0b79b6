import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** The methods some route answers for this path (router-decoded, no query); empty when none does. */
    allowedMethods(path: string): string[];
  }
}

/** A route's URL pattern as a regular expression on concrete paths (`:id` is one segment). */
function patternOf(url: string): RegExp {
  const body = url
    .replace(/\/$/, '')
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  // The router ignores a trailing slash.
  return new RegExp(`^${body}/?$`);
}

/**
 * Remembers every route's methods by path, so a request for a path that exists with another method
 * is answered 405 with `Allow` instead of 404. Catch-all routes (`/*`: the help site's pages, static
 * files) are left out: they would make every path "exist"; the help site adds its own pages through
 * `extraMethods`.
 */
export const routeMethodsPlugin = fp(
  async (app: FastifyInstance, options: { extraMethods?: (path: string) => string[] }) => {
    const routes: Array<{ pattern: RegExp; methods: string[] }> = [];
    app.addHook('onRoute', (route) => {
      if (route.url.includes('*')) return;
      const methods = [route.method].flat().map((m) => m.toUpperCase());
      routes.push({ pattern: patternOf(route.url), methods });
    });
    app.decorate('allowedMethods', (path: string) => {
      const allowed = new Set(options.extraMethods?.(path) ?? []);
      for (const route of routes) if (route.pattern.test(path)) for (const method of route.methods) allowed.add(method);
      // Fastify answers HEAD wherever it answers GET.
      if (allowed.has('GET')) allowed.add('HEAD');
      return [...allowed].sort();
    });
  },
  { name: 'helpdesk-route-methods' },
);
