import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SHIPPED_LANGUAGES } from '../../../../common/i18n/languages.js';
import { message } from '../../../../common/i18n/translator.js';
import { invalidField } from '../../../errors.js';
import { isSiteLanguage } from '../../../onboarding/setup-values.js';
import { LOGO_MAX_BYTES, removeSiteLogo, saveSiteLogo, siteLogoUrl } from '../../../settings/site-logo.js';
import { canonicalTimeZone, getSiteOptions, type SiteOptions as Options, updateSiteOptions } from '../../../settings/site-options.js';
import { auditOf } from '../../audit-of.js';
import { requireAdmin } from '../../plugins/auth.js';
import type { RouteServices } from '../../services.js';
import { changeSiteOptionsResponse, SiteOptionsPatch, siteOptionsResponse, uploadLogoResponse } from './site-options.schema.js';

/** GET/PATCH /api/site/v1/options and PUT/DELETE /api/site/v1/logo — the core site options (admins only). */
export const siteOptionsRoutes: FastifyPluginAsyncTypebox<RouteServices> = async (app, { ctx, config }) => {
  const present = ({ logo_version, ...options }: Options) => ({ ...options, logo_url: siteLogoUrl(config.homeUrl, logo_version) ?? null });
  // The logo arrives as the file's bytes, whatever type the browser declares: its bytes decide (site-logo.ts).
  app.addContentTypeParser(
    ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/svg+xml', 'application/octet-stream'],
    { parseAs: 'buffer', bodyLimit: LOGO_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );

  app.get('/options', { schema: { summary: 'Site options', tags: ['site'], response: siteOptionsResponse } }, async (request) => {
    requireAdmin(request);
    return present(await getSiteOptions(ctx.db));
  });

  app.patch(
    '/options',
    {
      schema: {
        summary: 'Change site options',
        tags: ['site'],
        body: SiteOptionsPatch,
        response: changeSiteOptionsResponse,
      },
    },
    async (request) => {
      requireAdmin(request);
      const zone = request.body.time_zone === undefined ? undefined : canonicalTimeZone(request.body.time_zone);
      if (zone === null) throw invalidField('time_zone', message('problems.site_options.time_zone'));
      const language = request.body.site_language;
      if (language !== undefined && !isSiteLanguage(language))
        throw invalidField('site_language', message('problems.site_options.site_language', { languages: SHIPPED_LANGUAGES.join(', ') }));
      return present(await updateSiteOptions(ctx.db, { ...request.body, ...(zone && { time_zone: zone }) }, auditOf(request)));
    },
  );

  app.put(
    '/logo',
    {
      bodyLimit: LOGO_MAX_BYTES,
      schema: {
        summary: "Upload the site's logo (the image file as the body: PNG, JPEG, GIF or WebP, at most 256 KB)",
        tags: ['site'],
        response: uploadLogoResponse,
      },
    },
    async (request) => {
      requireAdmin(request);
      const body = request.body;
      await saveSiteLogo(ctx.db, Buffer.isBuffer(body) ? body : Buffer.alloc(0));
      return present(await getSiteOptions(ctx.db));
    },
  );

  app.delete('/logo', { schema: { summary: "Remove the site's logo", tags: ['site'], response: siteOptionsResponse } }, async (request) => {
    requireAdmin(request);
    await removeSiteLogo(ctx.db);
    return present(await getSiteOptions(ctx.db));
  });
};
