import type { FastifyReply } from 'fastify';
import type { Config } from '../../../config/config-types.js';
import { getPosts } from '../../../domain/content/post.js';
import type { DomainContext } from '../../../domain/context.js';
import { csrfToken } from '../../../http/plugins/session.js';
import { getCoreSettings } from '../../../settings/core-settings.js';
import { renderPage } from '../../shared/render-page.js';
import { siteFrameOf } from '../../shared/site-page.js';
import { LANGUAGE_VARY } from '../../shared/site-translator.js';
import type { SiteTemplate } from '../../site-template.js';
import { HomePage } from './home-page.js';

/** The help site's front page. */
export function homeTemplate(ctx: DomainContext, config: Config): SiteTemplate {
  return {
    claims: (vars) => vars.helpdesk_page === 'home',
    async render(_request, reply: FastifyReply) {
      const [frame, docs, products, core] = await Promise.all([
        siteFrameOf(ctx, config, reply.request),
        getPosts(ctx, { type: 'doc', status: 'publish', limit: 20 }),
        getPosts(ctx, { type: 'product', status: 'publish' }),
        getCoreSettings(ctx),
      ]);
      // The page names the launcher by the words the widget shows in this language (the owner's, else the catalogue's).
      const launcher = core.tickets.widget_launcher[frame.t.language]?.trim() || frame.t.t('widget.launcher');
      // Signed in, the header carries the client's name and a sign-out form: not for shared caches.
      const user = reply.request.siteUser;
      const account = user ? { name: user.name, csrf: await csrfToken(reply.request, reply), isStaff: user.role !== 'client' } : undefined;
      const html = renderPage(
        HomePage({
          ...frame,
          docs,
          products,
          account,
          launcher,
        }),
      );
      if (user) reply.header('cache-control', 'private, no-store');
      // The words follow Accept-Language and the language menu's cookie: a shared cache keeps a copy per language.
      reply.header('vary', LANGUAGE_VARY);
      return reply.type('text/html; charset=utf-8').send(html);
    },
  };
}
