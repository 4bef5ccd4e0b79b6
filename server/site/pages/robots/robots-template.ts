import type { FastifyReply } from 'fastify';
import type { Config } from '../../../config/config-types.js';
import type { DomainContext } from '../../../domain/context.js';
import type { SiteTemplate } from '../../site-template.js';

/**
 * What crawlers may index: the help site's pages and docs are for everyone; the admin app, the API
 * (files included), sign-in and its one-time links, the client's own tickets and the rating answer links
 * are not (they are private, or a visit acts on a token). Under a base path the rules name it, but crawlers
 * read only the host's own /robots.txt: the site that hosts the help desk lists them there.
 */
export function robotsText(basePath: string): string {
  const disallowed = ['admin/', 'api/', 'login/', 'tickets/', 'rating/'];
  return ['User-agent: *', ...disallowed.map((path) => `Disallow: ${basePath}/${path}`), `Allow: ${basePath}/`, ''].join('\n');
}

/** GET /robots.txt through the front router, so template_redirect (a site's own rules, offline mode) applies to it. */
export function robotsTemplate(_ctx: DomainContext, config: Config): SiteTemplate {
  const text = robotsText(config.basePath);
  return {
    claims: (vars) => vars.helpdesk_robots === '1',
    async render(_request, reply: FastifyReply) {
      return reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(text);
    },
  };
}
