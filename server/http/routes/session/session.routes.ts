import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { safeBrandColor } from '../../../../common/brand-color.js';
import { EMAIL_MAX_LENGTH, MAX_PASSWORD_LENGTH } from '../../../../common/limits.js';
import type { Config } from '../../../config/config-types.js';
import type { DomainContext } from '../../../domain/context.js';
import { verifyStaffPassword } from '../../../domain/people/staff-users.js';
import { AppError } from '../../../errors.js';
import { siteLogoUrl } from '../../../settings/site-logo.js';
import { getSiteOptions } from '../../../settings/site-options.js';
import { CSRF_HEADER } from '../../plugins/api-session.js';
import { csrfToken, isValidCsrf, signIn, signOut } from '../../plugins/session.js';
import type { RouteServices } from '../../services.js';
import { problemResponses } from '../shared.schema.js';

const Role = Type.Union([Type.Literal('client'), Type.Literal('agent'), Type.Literal('admin')]);
const MeReply = Type.Object({
  user: Type.Union([Type.Object({ id: Type.Integer(), name: Type.String(), email: Type.String(), role: Role }), Type.Null()]),
  csrf_token: Type.String({ description: 'Send as the X-CSRF-Token header with every write made with the session cookie' }),
  site: Type.Object(
    {
      name: Type.String(),
      brand_color: Type.String({ description: '#rrggbb' }),
      logo_url: Type.Union([Type.String(), Type.Null()]),
    },
    { description: 'What the admin bar shows: what every help-site page shows anyway' },
  ),
  time_zone: Type.String({
    description: "The site's IANA time zone (Settings → General): the admin app shows times in it, as the help site does",
  }),
});
const tags = ['session'];

/**
 * What the admin app shows of the site: its name, colour and logo, and the time zone of every time on its
 * screens; from the cached site options (no statement of its own within their 2 s).
 */
async function siteForAdmin(ctx: DomainContext, config: Config) {
  const site = await getSiteOptions(ctx.db);
  return {
    site: {
      name: site.site_name,
      brand_color: safeBrandColor(site.brand_color),
      logo_url: siteLogoUrl(config.homeUrl, site.logo_version) ?? null,
    },
    time_zone: site.time_zone,
  };
}

/** The admin app's session: who is signed in (and the CSRF token), sign-in for agents and admins, sign-out. */
export const sessionRoutes: FastifyPluginAsyncTypebox<RouteServices> = async (app, { ctx, config }) => {
  app.get(
    '/me',
    { schema: { summary: 'The signed-in user and the CSRF token', tags, response: { 200: MeReply } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const actor = request.actor;
      let user = null;
      if (actor) {
        const row = request.siteUser ?? (await ctx.db.selectFrom('users').selectAll().where('id', '=', actor.id).executeTakeFirst());
        if (row) user = { id: row.id, name: row.name, email: row.email, role: row.role };
      }
      return { user, csrf_token: await csrfToken(request, reply), ...(await siteForAdmin(ctx, config)) };
    },
  );

  app.post(
    '/session',
    {
      schema: {
        summary: 'Sign an agent or admin in with a password (starts the session cookie)',
        tags,
        body: Type.Object(
          {
            email: Type.String({ format: 'email', maxLength: EMAIL_MAX_LENGTH }),
            password: Type.String({ minLength: 1, maxLength: MAX_PASSWORD_LENGTH }),
          },
          { additionalProperties: false },
        ),
        response: { 200: MeReply, ...problemResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      // Login CSRF: only a page of this site can read the token and send the header.
      if (!(await isValidCsrf(request, request.headers[CSRF_HEADER])))
        throw new AppError('FORBIDDEN', 'Reload the page and sign in again (missing X-CSRF-Token).');
      const user = await verifyStaffPassword(ctx, request.body.email, request.body.password, request.ip);
      await signIn(request, reply, user);
      reply.header('cache-control', 'no-store');
      return {
        user: { id: user.id, name: user.name, email: user.email, role: user.role },
        csrf_token: await csrfToken(request, reply),
        ...(await siteForAdmin(ctx, config)),
      };
    },
  );

  app.delete(
    '/session',
    { schema: { summary: 'Sign out', tags, response: { 204: Type.Null(), ...problemResponses(403) } } },
    async (request, reply) => {
      if (request.sessionToken) await signOut(request, reply);
      reply.status(204);
    },
  );
};
