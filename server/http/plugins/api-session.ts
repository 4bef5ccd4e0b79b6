import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import { message } from '../../../common/i18n/translator.js';
import { findSessionUser } from '../../auth/sessions.js';
import type { Config } from '../../config/config-types.js';
import { runInSignedInLane } from '../../db/signed-in-lane.js';
import type { Database } from '../../db/tables.js';
import { AppError } from '../../errors.js';
import { isPublicRequest } from '../public-requests.js';
import { requestPath } from '../request-path.js';
import { isValidCsrf, SESSION_COOKIE } from './session.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const CSRF_HEADER = 'x-csrf-token';

/**
 * The admin app calls the REST API with the help site's session cookie instead of a Bearer token.
 * Reads need only the cookie (cross-site pages cannot read the JSON: these routes send no CORS
 * headers). A write counts as the session's user only with a valid `X-CSRF-Token` header — a custom
 * header no cross-site form can send. Without it a write to the widget's public routes is anonymous
 * (they keep working for a signed-in browser) and any other write is a 403, as is a wrong token.
 */
export const apiSessionPlugin = fp(
  async (app: FastifyInstance, options: { db: Kysely<Database>; config: Config }) => {
    const apiPrefix = `${options.config.basePath}/api/`;
    const resolveSession = async (request: FastifyRequest) => {
      // The decoded path: `/%61pi/…` is routed to the API and must meet its CSRF rule.
      if (request.actor || !requestPath(request.url).startsWith(apiPrefix)) return;
      const token = request.cookies[SESSION_COOKIE];
      if (!token) return;
      if (!SAFE_METHODS.has(request.method)) {
        const sent = request.headers[CSRF_HEADER];
        // The widget's public routes stay usable from a signed-in browser (anonymously); any other
        // write that carries the session cookie but no token is a cross-site attempt or a bug.
        if (sent === undefined) {
          if (isPublicRequest(request, options.config.basePath.length)) return;
          throw new AppError('FORBIDDEN', message('problems.http.csrf_missing'));
        }
        if (!(await isValidCsrf(request, sent))) throw new AppError('FORBIDDEN', message('problems.http.csrf_wrong'));
      }
      const user = await findSessionUser(options.db, token);
      if (!user) return;
      request.actor = { id: user.id, role: user.role };
      request.siteUser = user;
      request.sessionToken = token;
    };
    // Callback style: requests without the session cookie (the widget, tokens) pass without a promise.
    // One with the cookie is served on the signed-in lane's connections, as a token's is (auth.ts).
    app.addHook('onRequest', (request, reply, done) => {
      if (request.actor || request.cookies[SESSION_COOKIE] === undefined) return done();
      runInSignedInLane(reply.raw, () => {
        resolveSession(request).then(() => done(), done);
      });
    });
  },
  { name: 'helpdesk-api-session', dependencies: ['helpdesk-auth', 'helpdesk-session'] },
);
