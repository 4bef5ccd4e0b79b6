import { Type } from '@sinclair/typebox';
import { problemResponses } from '../shared.schema.js';

const CreatedAt = Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
  description: 'When the current secret was made; null when there is none (identity tokens are refused)',
});

export const identitySecretStateResponse = {
  200: Type.Object({
    created_at: CreatedAt,
    unreadable: Type.Boolean({ description: 'Stored, but the current encryption seed cannot read it: make a new one' }),
  }),
  ...problemResponses(401, 403),
};

export const newIdentitySecretResponse = {
  201: Type.Object({
    secret: Type.String({ description: 'The HS256 key for the site’s server. Shown this once; the earlier secret stops working now.' }),
    created_at: Type.String({ format: 'date-time' }),
  }),
  ...problemResponses(401, 403),
};

export const removeIdentitySecretResponse = { 204: Type.Null(), ...problemResponses(401, 403) };
