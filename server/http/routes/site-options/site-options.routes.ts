import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { getSiteOptions, updateSiteOptions } from '../../../settings/site-options.js';
import { requireAdmin } from '../../plugins/auth.js';
import type { RouteServices } from '../../services.js';
import { Label, problemResponses } from '../shared.schema.js';

const SiteOptions = Type.Object({
  users_can_register: Type.Boolean({ description: '"Anyone can register"' }),
  site_name: Type.String(),
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
          { users_can_register: Type.Optional(Type.Boolean()), site_name: Type.Optional(Label(100)) },
          { additionalProperties: false },
        ),
        response: { 200: SiteOptions, ...problemResponses(400, 401, 403) },
      },
    },
    async (request) => {
      requireAdmin(request);
      return updateSiteOptions(ctx.db, request.body);
    },
  );
};
