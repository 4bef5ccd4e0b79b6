import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { describeIdentitySecret, makeIdentitySecret, removeIdentitySecret } from '../../../identity/identity-secret.js';
import { requireAdmin } from '../../plugins/auth.js';
import type { RouteServices } from '../../services.js';
import { identitySecretStateResponse, newIdentitySecretResponse, removeIdentitySecretResponse } from './identity.schema.js';

const tags = ['settings'];

/**
 * The identity secret a site signs its visitors' tokens with (issue 38; admins only): whether one exists, a new one
 * (shown once; it ends the old one), and none.
 */
export const identityRoutes: FastifyPluginAsyncTypebox<RouteServices> = async (app, { ctx }) => {
  app.get(
    '/settings/identity-secret',
    {
      schema: {
        summary: 'Whether an identity secret exists, and since when (never the secret)',
        tags,
        response: identitySecretStateResponse,
      },
    },
    async (request) => {
      requireAdmin(request);
      return describeIdentitySecret(ctx);
    },
  );

  app.post(
    '/settings/identity-secret',
    {
      schema: {
        summary: 'Make a new identity secret, shown once; the earlier one stops working at once',
        tags,
        response: newIdentitySecretResponse,
      },
    },
    async (request, reply) => {
      requireAdmin(request);
      const made = await makeIdentitySecret(ctx);
      reply.status(201).header('cache-control', 'no-store');
      return made;
    },
  );

  app.delete(
    '/settings/identity-secret',
    { schema: { summary: 'Remove the identity secret: every identity token is refused', tags, response: removeIdentitySecretResponse } },
    async (request, reply) => {
      requireAdmin(request);
      await removeIdentitySecret(ctx);
      reply.status(204);
    },
  );
};
