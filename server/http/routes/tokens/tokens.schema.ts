import { Type } from '@sinclair/typebox';
import { TOKEN_EXPIRY_MAX_DAYS, TOKEN_NAME_MAX } from '../../../domain/people/issue-api-token.js';
import { Label, problemResponses } from '../shared.schema.js';

export const TokenReply = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  user: Type.Object({ id: Type.Integer(), email: Type.String(), name: Type.String() }),
  created: Type.String(),
  last_used: Type.Union([Type.String(), Type.Null()], { description: 'Updated at most once a minute' }),
  expires: Type.Union([Type.String(), Type.Null()], { description: 'Null: never expires' }),
});
export const NewTokenReply = Type.Composite([
  TokenReply,
  Type.Object({ token: Type.String({ description: 'The secret, shown this once: only its hash is stored' }) }),
]);

export const TokensQuery = Type.Object({ user_id: Type.Optional(Type.Integer({ minimum: 1 })) }, { additionalProperties: false });
export const tokenListResponse = { 200: Type.Array(TokenReply), ...problemResponses(400, 401, 403) };

export const CreateTokenBody = Type.Object(
  {
    name: Label(TOKEN_NAME_MAX),
    expires_in_days: Type.Optional(Type.Integer({ minimum: 1, maximum: TOKEN_EXPIRY_MAX_DAYS, description: 'Left out: never expires' })),
    user_id: Type.Optional(Type.Integer({ minimum: 1, description: 'The account the token acts as; left out: you' })),
  },
  { additionalProperties: false },
);
export const createTokenResponse = { 201: NewTokenReply, ...problemResponses(400, 401, 403) };

export const revokeTokenResponse = { 204: Type.Null(), ...problemResponses(401, 403, 404) };
