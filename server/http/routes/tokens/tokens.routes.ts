import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { issueApiToken } from '../../../domain/people/issue-api-token.js';
import { listApiTokens } from '../../../domain/people/list-api-tokens.js';
import { revokeApiToken } from '../../../domain/people/revoke-api-token.js';
import { auditOf } from '../../audit-of.js';
import { requireAdmin } from '../../plugins/auth.js';
import { replyCreated } from '../../reply-created.js';
import type { RouteServices } from '../../services.js';
import { IdParams } from '../shared.schema.js';
import { CreateTokenBody, createTokenResponse, revokeTokenResponse, TokensQuery, tokenListResponse } from './tokens.schema.js';

const tags = ['tokens'];
/** API tokens (admins): list them, create a named one (optionally expiring) and revoke one. */
export const tokensRoutes: FastifyPluginAsyncTypebox<RouteServices> = async (app, { ctx }) => {
  app.get(
    '/tokens/',
    {
      schema: {
        summary: 'API tokens: names, owners and times, never the secrets (admins only)',
        tags,
        querystring: TokensQuery,
        response: tokenListResponse,
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
        body: CreateTokenBody,
        response: createTokenResponse,
      },
    },
    async (request, reply) => {
      const admin = requireAdmin(request);
      const { name, expires_in_days, user_id } = request.body;
      const created = await issueApiToken(ctx, { userId: user_id ?? admin.id, name, expiresInDays: expires_in_days }, auditOf(request));
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
        response: revokeTokenResponse,
      },
    },
    async (request, reply) => {
      requireAdmin(request);
      await revokeApiToken(ctx, request.params.id, auditOf(request));
      reply.status(204);
    },
  );
};
