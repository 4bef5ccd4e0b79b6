import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { issueApiToken, TOKEN_EXPIRY_MAX_DAYS, TOKEN_NAME_MAX } from '../../../domain/people/issue-api-token.js';
import { listApiTokens } from '../../../domain/people/list-api-tokens.js';
import { revokeApiToken } from '../../../domain/people/revoke-api-token.js';
import { requireAdmin } from '../../plugins/auth.js';
import { replyCreated } from '../../reply-created.js';
import type { RouteServices } from '../../services.js';
import { IdParams, Label, problemResponses } from '../shared.schema.js';

const tags = ['tokens'];
const TokenReply = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  user: Type.Object({ id: Type.Integer(), email: Type.String(), name: Type.String() }),
  created: Type.String(),
  last_used: Type.Union([Type.String(), Type.Null()], { description: 'Updated at most once a minute' }),
  expires: Type.Union([Type.String(), Type.Null()], { description: 'Null: never expires' }),
});
const NewTokenReply = Type.Composite([
  TokenReply,
  Type.Object({ token: Type.String({ description: 'The secret, shown this once: only its hash is stored' }) }),
]);

/** API tokens (admins): list them, create a named one (optionally expiring) and revoke one. */
export const tokensRoutes: FastifyPluginAsyncTypebox<RouteServices> = async (app, { ctx }) => {
  app.get(
    '/tokens/',
    {
      schema: {
        summary: 'API tokens: names, owners and times, never the secrets (admins only)',
        tags,
        querystring: Type.Object({ user_id: Type.Optional(Type.Integer({ minimum: 1 })) }, { additionalProperties: false }),
        response: { 200: Type.Array(TokenReply), ...problemResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      requireAdmin(request);
      reply.header('cache-control', 'no-store');
      return listApiTokens(ctx, { userId: request.query.user_id });
    },
  );

  app.post(
    '/tokens/',
    {
      schema: {
        summary: 'Create a named API token; the answer carries the secret once (admins only)',
        tags,
        body: Type.Object(
          {
            name: Label(TOKEN_NAME_MAX),
            expires_in_days: Type.Optional(
              Type.Integer({ minimum: 1, maximum: TOKEN_EXPIRY_MAX_DAYS, description: 'Left out: never expires' }),
            ),
            user_id: Type.Optional(Type.Integer({ minimum: 1, description: 'The account the token acts as; left out: you' })),
          },
          { additionalProperties: false },
        ),
        response: { 201: NewTokenReply, ...problemResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const admin = requireAdmin(request);
      const { name, expires_in_days, user_id } = request.body;
      const created = await issueApiToken(ctx, { userId: user_id ?? admin.id, name, expiresInDays: expires_in_days });
      replyCreated(request, reply, created.id).header('cache-control', 'no-store');
      return created;
    },
  );

  app.delete(
    '/tokens/:id',
    {
      schema: {
        summary: 'Revoke an API token at once, on every instance (admins only)',
        tags,
        params: IdParams,
        response: { 204: Type.Null(), ...problemResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      requireAdmin(request);
      await revokeApiToken(ctx, request.params.id);
      reply.status(204);
    },
  );
};
