import { Type } from '@sinclair/typebox';
import { problemResponses } from '../shared.schema.js';

export const Values = Type.Record(Type.String(), Type.Record(Type.String(), Type.Unknown()), {
  description: 'Values keyed by tab slug, then field key: { "tickets": { "create_accounts": true } }',
});

export const SchemaQuery = Type.Object(
  {
    lang: Type.Optional(
      Type.String({
        maxLength: 35,
        description: 'Language of the labels and descriptions (de, ar…); else the account’s, Accept-Language, the site’s',
      }),
    ),
  },
  { additionalProperties: false },
);

export const settingsSchemaResponse = { 200: Type.Record(Type.String(), Type.Unknown()), ...problemResponses(401, 403) };
export const valuesResponse = { 200: Values, ...problemResponses(401, 403) };
export const changeValuesResponse = { 200: Values, ...problemResponses(400, 401, 403) };
export const unreadableSecretsResponse = {
  200: Type.Object({ unreadable: Type.Array(Type.String(), { description: 'tab.field of each unreadable secret' }) }),
  ...problemResponses(401, 403),
};
