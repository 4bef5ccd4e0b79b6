import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { safeBrandColor } from '../../../../common/brand-color.js';
import { message } from '../../../../common/i18n/translator.js';
import type { Config } from '../../../config/config-types.js';
import type { UserRow } from '../../../db/tables.js';
import type { DomainContext } from '../../../domain/context.js';
import { verifyStaffPassword } from '../../../domain/people/staff-users.js';
import { AppError } from '../../../errors.js';
import { siteLogoUrl } from '../../../settings/site-logo.js';
import { getSiteOptions } from '../../../settings/site-options.js';
import { CSRF_HEADER } from '../../plugins/api-session.js';
import { csrfToken, isValidCsrf, signIn, signOut } from '../../plugins/session.js';
import type { RouteServices } from '../../services.js';
import { meResponse, SignInBody, signInResponse, signOutResponse } from './session.schema.js';

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
    site_language: site.site_language,
    time_zone: site.time_zone,
  };
}

/** The signed-in person as /me shows them: with the language and zone of their profile (null: the site's). */
const presentMe = (row: Pick<UserRow, 'id' | 'name' | 'email' | 'role' | 'language' | 'time_zone'>) => ({
  id: row.id,
  name: row.name,
  email: row.email,
  role: row.role,
  language: row.language,
  time_zone: row.time_zone,
});

/** The admin app's session: who is signed in (and the CSRF token), sign-in for agents and admins, sign-out. */
export const sessionRoutes: FastifyPluginAsyncTypebox<RouteServices> = async (app, { ctx, config }) => {
  app.get('/me', { schema: { summary: 'The signed-in user and the CSRF token', tags, response: meResponse } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const actor = request.actor;
    let user = null;
    if (actor) {
      const row = request.siteUser ?? (await ctx.db.selectFrom('users').selectAll().where('id', '=', actor.id).executeTakeFirst());
      if (row) user = presentMe(row);
    }
    return { user, csrf_token: await csrfToken(request, reply), ...(await siteForAdmin(ctx, config)) };
  });

  app.post(
    '/session',
    {
      schema: {
        summary: 'Sign an agent or admin in with a password (starts the session cookie)',
        tags,
        body: SignInBody,
        response: signInResponse,
      },
    },
    async (request, reply) => {
      // Login CSRF: only a page of this site can read the token and send the header.
      if (!(await isValidCsrf(request, request.headers[CSRF_HEADER])))
        throw new AppError('FORBIDDEN', message('problems.session.csrf_missing'));
      const user = await verifyStaffPassword(ctx, request.body.email, request.body.password, request.ip);
      await signIn(request, reply, user, 'password');
      reply.header('cache-control', 'no-store');
      return {
        user: presentMe(user),
        csrf_token: await csrfToken(request, reply),
        ...(await siteForAdmin(ctx, config)),
      };
    },
  );

  app.delete('/session', { schema: { summary: 'Sign out', tags, response: signOutResponse } }, async (request, reply) => {
    if (request.sessionToken) await signOut(request, reply);
    reply.status(204);
  });
};
