import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import { message } from '../../../common/i18n/translator.js';
import { runInSignedInLane } from '../../db/signed-in-lane.js';
import type { Database } from '../../db/tables.js';
import { type Actor, isStaff } from '../../domain/context.js';
import { ACCOUNT_DISABLED_MESSAGE } from '../../domain/people/account-disabled.js';
import { lookUpToken } from '../../domain/people/api-tokens.js';
import { AppError } from '../../errors.js';
import { mayManageSettings } from '../../policies/settings-policy.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The authenticated user, or null for an anonymous caller. */
    actor: Actor | null;
  }
}

// i18n-exempt: the header to send, the same in every language
export const BEARER_HEADER = 'Authorization: Bearer <token>';

/** Resolves `Authorization: Bearer …` to `request.actor`; a wrong token is a 401, never anonymous. */
export const authPlugin = fp(
  async (app: FastifyInstance, options: { db: Kysely<Database> }) => {
    app.decorateRequest('actor', null);
    const resolveToken = async (request: FastifyRequest, header: string) => {
      const match = /^Bearer\s+(\S+)$/i.exec(header);
      if (!match?.[1]) throw new AppError('INVALID_TOKEN', message('problems.auth.token_form', { header: BEARER_HEADER }));
      const found = await lookUpToken(options.db, match[1]);
      if (found.kind === 'unknown')
        throw new AppError(
          'INVALID_TOKEN',
          // i18n-exempt: a command to type, the same in every language
          message('problems.auth.token_unknown', { command: 'npx helpdesk token create --email <you> --name <what it is for>' }),
        );
      if (found.kind === 'expired')
        throw new AppError('INVALID_TOKEN', message('problems.auth.token_expired', { date: found.expiresAt.slice(0, 10) }));
      if (found.kind === 'disabled') throw new AppError('INVALID_TOKEN', ACCOUNT_DISABLED_MESSAGE);
      request.actor = found.actor;
    };
    // Most requests carry no token: they pass without a promise. One with a token is served, from its
    // lookup on, on the signed-in lane's connections (an anonymous flood cannot hold those).
    app.addHook('onRequest', (request, reply, done) => {
      const header = request.headers.authorization;
      // A route with a bearer token of its own (GET /metrics: METRICS_TOKEN) checks it itself.
      if (!header || (request.routeOptions.config as { ownBearer?: boolean } | undefined)?.ownBearer) return done();
      runInSignedInLane(reply.raw, () => {
        resolveToken(request, header).then(() => done(), done);
      });
    });
  },
  { name: 'helpdesk-auth' },
);

/** Refuses unless the caller is an agent or admin. */
export function requireStaff(request: FastifyRequest): Actor {
  if (!request.actor) throw new AppError('UNAUTHENTICATED', message('problems.auth.staff_sign_in', { header: BEARER_HEADER }));
  if (!isStaff(request.actor)) throw new AppError('FORBIDDEN', message('problems.auth.staff_only'));
  return request.actor;
}

/** Refuses unless the caller is an admin. */
export function requireAdmin(request: FastifyRequest): Actor {
  const actor = requireStaff(request);
  if (!mayManageSettings(actor)) throw new AppError('FORBIDDEN', message('problems.auth.admin_only'));
  return actor;
}
