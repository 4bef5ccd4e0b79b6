import { Type } from '@sinclair/typebox';
import { Attributes, ClientSummary } from '../clients/clients.schema.js';
import { problemResponses } from '../shared.schema.js';

export const OrganisationReply = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  domains: Type.Array(Type.String(), { description: 'Mail domains whose new clients join this organisation' }),
  notes: Type.String({ description: 'Staff-only notes' }),
  attributes: Attributes,
  created: Type.String(),
  clients: Type.Integer({ description: 'How many clients it has' }),
  tickets: Type.Integer({ description: 'How many tickets its clients filed' }),
});

const Name = Type.String({ minLength: 1, maxLength: 200, pattern: '\\S', format: 'single-line' });
const Domains = Type.Array(Type.String({ minLength: 1, maxLength: 253 }), {
  maxItems: 50,
  description: 'Domains like example.com; each belongs to one organisation at most',
});
export const CreateOrganisationBody = Type.Object(
  {
    name: Name,
    domains: Type.Optional(Domains),
    notes: Type.Optional(Type.String({ maxLength: 10000 })),
    attributes: Type.Optional(Attributes),
  },
  { additionalProperties: false },
);
export const UpdateOrganisationBody = Type.Object(
  {
    name: Type.Optional(Name),
    domains: Type.Optional(Domains),
    notes: Type.Optional(Type.String({ maxLength: 10000 })),
    attributes: Type.Optional(Attributes),
  },
  { additionalProperties: false, minProperties: 1 },
);

export const organisationListResponse = { 200: Type.Array(OrganisationReply), ...problemResponses(401, 403) };
export const organisationResponse = { 200: OrganisationReply, ...problemResponses(400, 401, 403, 404) };
export const createOrganisationResponse = { 201: OrganisationReply, ...problemResponses(400, 401, 403) };
export const deleteOrganisationResponse = { 204: Type.Null(), ...problemResponses(401, 403, 404) };
export const OrganisationClientsQuery = Type.Object(
  {
    page: Type.Integer({ minimum: 1, maximum: 100000, default: 1 }),
    per_page: Type.Integer({ minimum: 1, maximum: 100, default: 25 }),
  },
  { additionalProperties: false },
);
export const organisationClientsResponse = {
  200: Type.Object({ clients: Type.Array(ClientSummary), total: Type.Integer(), page: Type.Integer(), per_page: Type.Integer() }),
  ...problemResponses(400, 401, 403, 404),
};
