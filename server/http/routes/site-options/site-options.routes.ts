import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { invalidField } from '../../../errors.js';
import { BRAND_COLOR_PATTERN, getSiteOptions, isTimeZone, updateSiteOptions } from '../../../settings/site-options.js';
import { requireAdmin } from '../../plugins/auth.js';
import type { RouteServices } from '../../services.js';
import { Label, problemResponses } from '../shared.schema.js';

const SiteOptions = Type.Object({
  users_can_register: Type.Boolean({ description: '"Anyone can register"' }),
  site_name: Type.String(),
  brand_color: Type.String({ description: 'The site colour, #rrggbb' }),
  time_zone: Type.String({ description: 'IANA time zone of the times on pages and in mails' }),
});

/** GET/PATCH /api/site/v1/options — the core site options (admins only). */
export const siteOptionsRoutes: FastifyPluginAsyncTypebox<RouteServices> = async (app, { ctx }) => {
  app.get(
    '/options',
    { schema: { summary: 'Site options', tags: ['site'], response: { 200: SiteOptions, ...problemResponses(401, 403) } } },
    async (request) => {
      requireAdmin(request);
      return getSiteOptions(ctx.db);
    },
  );

  app.patch(
    '/options',
    {
      schema: {
        summary: 'Change site options',
        tags: ['site'],
        body: Type.Object(
          {
            users_can_register: Type.Optional(Type.Boolean()),
            site_name: Type.Optional(Label(100)),
            brand_color: Type.Optional(Type.String({ pattern: BRAND_COLOR_PATTERN, description: '#rrggbb' })),
            time_zone: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'IANA time zone, e.g. Europe/Berlin' })),
          },
          { additionalProperties: false },
        ),
        response: { 200: SiteOptions, ...problemResponses(400, 401, 403) },
      },
    },
    async (request) => {
      requireAdmin(request);
      const zone = request.body.time_zone;
      if (zone !== undefined && !isTimeZone(zone))
        throw invalidField('time_zone', 'use an IANA time zone name such as Europe/Berlin or UTC');
      return updateSiteOptions(ctx.db, request.body);
    },
  );
};
