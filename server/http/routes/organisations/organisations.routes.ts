import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { deleteOrganisation } from '../../../domain/people/delete-organisation.js';
import { getOrganisation, listOrganisations, type Organisation } from '../../../domain/people/get-organisation.js';
import { listClients } from '../../../domain/people/list-clients.js';
import { saveOrganisation } from '../../../domain/people/save-organisation.js';
import { requireContactsAccess } from '../../../policies/contacts-policy.js';
import { replyCreated } from '../../reply-created.js';
import type { RouteServices } from '../../services.js';
import { IdParams } from '../shared.schema.js';
import {
  CreateOrganisationBody,
  createOrganisationResponse,
  deleteOrganisationResponse,
  OrganisationClientsQuery,
  organisationClientsResponse,
  organisationListResponse,
  organisationResponse,
  UpdateOrganisationBody,
} from './organisations.schema.js';

const tags = ['organisations'];
const present = (o: Organisation) => ({
  id: o.id,
  name: o.name,
  domains: o.domains,
  notes: o.notes,
  attributes: o.attributes,
  created: o.createdAt,
  clients: o.clients,
  tickets: o.tickets,
});

/** Organisations: staff list, add, change and delete them; a page lists one organisation's clients. */
export const organisationsRoutes: FastifyPluginAsyncTypebox<RouteServices> = async (app, { ctx }) => {
  app.get(
    '/organisations/',
    {
      schema: {
        summary: 'Every organisation by name, with its domains and how many clients and tickets it has',
        tags,
        response: organisationListResponse,
      },
    },
    async (request) => {
      requireContactsAccess(request.actor);
      return (await listOrganisations(ctx)).map(present);
    },
  );

  app.post(
    '/organisations/',
    { schema: { summary: 'Add an organisation', tags, body: CreateOrganisationBody, response: createOrganisationResponse } },
    async (request, reply) => {
      requireContactsAccess(request.actor);
      const id = await saveOrganisation(ctx, null, request.body);
      replyCreated(request, reply, id);
      return present(await getOrganisation(ctx, id));
    },
  );

  app.get(
    '/organisations/:id',
    { schema: { summary: 'One organisation', tags, params: IdParams, response: organisationResponse } },
    async (request) => {
      requireContactsAccess(request.actor);
      return present(await getOrganisation(ctx, request.params.id));
    },
  );

  app.patch(
    '/organisations/:id',
    {
      schema: {
        summary: 'Change an organisation (its domains replace the old list)',
        tags,
        params: IdParams,
        body: UpdateOrganisationBody,
        response: organisationResponse,
      },
    },
    async (request) => {
      requireContactsAccess(request.actor);
      await saveOrganisation(ctx, request.params.id, request.body);
      return present(await getOrganisation(ctx, request.params.id));
    },
  );

  app.delete(
    '/organisations/:id',
    {
      schema: {
        summary: 'Delete an organisation (its clients stay, in none)',
        tags,
        params: IdParams,
        response: deleteOrganisationResponse,
      },
    },
    async (request, reply) => {
      requireContactsAccess(request.actor);
      await deleteOrganisation(ctx, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/organisations/:id/clients',
    {
      schema: {
        summary: 'The organisation’s clients with how many tickets each filed',
        tags,
        params: IdParams,
        querystring: OrganisationClientsQuery,
        response: organisationClientsResponse,
      },
    },
    async (request) => {
      requireContactsAccess(request.actor);
      await getOrganisation(ctx, request.params.id);
      const { page, per_page: perPage } = request.query;
      const found = await listClients(ctx, { organisation: request.params.id, page, perPage });
      return {
        clients: found.clients.map((c) => ({
          id: c.id,
          name: c.name,
          email: c.email,
          organisation: c.organisation,
          tickets: c.tickets,
          disabled_at: c.disabledAt,
        })),
        total: found.total,
        page,
        per_page: perPage,
      };
    },
  );
};
