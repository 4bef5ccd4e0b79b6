import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { isLocalAddress } from '../../../onboarding/public-address.js';
import { requireAdmin } from '../../plugins/auth.js';
import type { RouteServices } from '../../services.js';
import { problemResponses } from '../shared.schema.js';

const publicAddressResponse = {
  200: Type.Object({
    url: Type.String({ description: 'The public address (HELPDESK_HOME_URL): the embed snippet and every mail’s links use it' }),
    env_name: Type.String({ description: 'The environment variable that sets it' }),
    is_local: Type.Boolean({ description: 'Only the server itself can open it (localhost, 127.0.0.1): nobody else reaches the links' }),
  }),
  ...problemResponses(401, 403),
};

/** GET /settings/public-address — the address the snippet and mails use, so the admin app can warn when it is wrong. */
export const publicAddressRoutes: FastifyPluginAsyncTypebox<RouteServices> = async (app, { config }) => {
  app.get(
    '/settings/public-address',
    {
      schema: {
        summary: 'The public address the embed snippet and mails use, and whether only the server itself can open it',
        tags: ['settings'],
        response: publicAddressResponse,
      },
    },
    async (request) => {
      requireAdmin(request);
      return { url: config.homeUrl, env_name: 'HELPDESK_HOME_URL', is_local: isLocalAddress(config.homeUrl) };
    },
  );
};
