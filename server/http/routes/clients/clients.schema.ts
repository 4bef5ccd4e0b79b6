import { Type } from '@sinclair/typebox';
import { CUSTOM_ATTRIBUTES, EMAIL_MAX_LENGTH } from '../../../../common/limits.js';
import { problemResponses } from '../shared.schema.js';

const Nullable = <T extends ReturnType<typeof Type.String | typeof Type.Integer>>(schema: T) => Type.Union([schema, Type.Null()]);

/** Custom attributes: up to 50 named text values (the names' rules: server/domain/people/check-attributes.ts). */
export const Attributes = Type.Record(Type.String({ minLength: 1, maxLength: CUSTOM_ATTRIBUTES.nameMax }), Type.String(), {
  maxProperties: CUSTOM_ATTRIBUTES.max,
  description:
    'Custom attributes: up to 50 names (1–100 characters, one line, each once whatever its case) with text values (up to 1,000); ' +
    'the object replaces the old one',
});
const Notes = Type.String({ maxLength: 10000, description: 'Staff-only notes; never shown to the client' });
const OrgRef = Type.Union([Type.Object({ id: Type.Integer(), name: Type.String() }), Type.Null()]);

export const ClientSummary = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  email: Type.String(),
  organisation: OrgRef,
  tickets: Type.Integer({ description: 'How many tickets they filed' }),
  disabled_at: Nullable(Type.String()),
});

export const ClientProfileReply = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  email: Type.String({ description: 'The primary address (the account’s)' }),
  addresses: Type.Array(Type.String(), { description: 'Their other addresses; mail from any of them finds this client' }),
  language: Nullable(Type.String()),
  notes: Notes,
  attributes: Attributes,
  organisation: OrgRef,
  disabled_at: Nullable(Type.String()),
  merged_into: Nullable(Type.Integer({ description: 'The client this account was merged into' })),
  created: Type.String(),
  ticket_count: Type.Integer(),
  tickets: Type.Array(
    Type.Object({
      id: Type.Integer(),
      number: Nullable(Type.Integer()),
      subject: Type.String(),
      status: Type.String({ description: 'The status slug' }),
      status_name: Type.String(),
      updated: Type.String(),
    }),
  ),
  ratings: Type.Array(
    Type.Object({
      ticket_id: Type.Integer(),
      ticket_number: Nullable(Type.Integer()),
      rating: Type.Union([Type.Literal('yes'), Type.Literal('no')]),
      comment: Type.String(),
      created: Type.String(),
    }),
  ),
});

export const ClientsQuery = Type.Object(
  {
    search: Type.Optional(Type.String({ maxLength: 200, description: 'A part of the name or of any address' })),
    organisation: Type.Optional(Type.Integer({ minimum: 1 })),
    page: Type.Integer({ minimum: 1, maximum: 100000, default: 1 }),
    per_page: Type.Integer({ minimum: 1, maximum: 100, default: 25 }),
  },
  { additionalProperties: false },
);
export const clientListResponse = {
  200: Type.Object({ clients: Type.Array(ClientSummary), total: Type.Integer(), page: Type.Integer(), per_page: Type.Integer() }),
  ...problemResponses(400, 401, 403),
};
export const clientProfileResponse = { 200: ClientProfileReply, ...problemResponses(400, 401, 403, 404) };

export const UpdateClientBody = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 200, pattern: '\\S', format: 'single-line' })),
    language: Type.Optional(Nullable(Type.String({ maxLength: 35 }))),
    notes: Type.Optional(Notes),
    attributes: Type.Optional(Attributes),
    organisation_id: Type.Optional(Nullable(Type.Integer({ minimum: 1 }))),
  },
  { additionalProperties: false, minProperties: 1 },
);
export const AddressBody = Type.Object(
  { address: Type.String({ minLength: 3, maxLength: EMAIL_MAX_LENGTH, description: 'An email address' }) },
  { additionalProperties: false },
);
export const AddressParams = Type.Object({ id: Type.Integer({ minimum: 1 }), address: Type.String({ maxLength: EMAIL_MAX_LENGTH }) });
export const MergeBody = Type.Object(
  { source_id: Type.Integer({ minimum: 1, description: 'The client merged into this one (then disabled)' }) },
  { additionalProperties: false },
);
