import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { addClientAddress } from '../../../domain/people/add-client-address.js';
import { type ClientProfile, getClientProfile } from '../../../domain/people/get-client-profile.js';
import { listClients } from '../../../domain/people/list-clients.js';
import { mergeClients } from '../../../domain/people/merge-clients.js';
import { removeClientAddress } from '../../../domain/people/remove-client-address.js';
import { updateClient } from '../../../domain/people/update-client.js';
import { requireContactsAccess } from '../../../policies/contacts-policy.js';
import type { RouteServices } from '../../services.js';
import { IdParams, problemResponses } from '../shared.schema.js';
import {
  AddressBody,
  AddressParams,
  ClientsQuery,
  clientListResponse,
  clientProfileResponse,
  MergeBody,
  UpdateClientBody,
} from './clients.schema.js';

const tags = ['clients'];

/** A client's profile as staff read it; the one presenter of it (notes are in it, so never for a client). */
export function presentClientProfile(p: ClientProfile) {
  return {
    id: p.id,
    name: p.name,
    email: p.email,
    addresses: p.addresses,
    language: p.language,
    notes: p.notes,
    attributes: p.attributes,
    organisation: p.organisation,
    disabled_at: p.disabledAt,
    merged_into: p.mergedIntoId,
    created: p.createdAt,
    ticket_count: p.ticketCount,
    tickets: p.tickets.map((t) => ({
      id: t.id,
      number: t.number,
      subject: t.title,
      status: t.status,
      status_name: t.statusName,
      updated: t.updatedAt,
    })),
    ratings: p.ratings.map((r) => ({
      ticket_id: r.ticketId,
      ticket_number: r.ticketNumber,
      rating: r.rating,
      comment: r.comment,
      created: r.createdAt,
    })),
  };
}

/** Clients (contacts): staff list, read and edit them, manage their addresses and merge two. */
export const clientsRoutes: FastifyPluginAsyncTypebox<RouteServices> = async (app, { ctx }) => {
  app.get(
    '/clients/',
    {
      schema: {
        summary: 'Clients by name, searched by name or any address, or of one organisation',
        tags,
        querystring: ClientsQuery,
        response: clientListResponse,
      },
    },
    async (request) => {
      requireContactsAccess(request.actor);
      const { search, organisation, page, per_page: perPage } = request.query;
      const found = await listClients(ctx, { search, organisation, page, perPage });
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

  app.get(
    '/clients/:id',
    {
      schema: {
        summary: 'A client’s profile: addresses, organisation, notes, attributes, tickets and ratings',
        tags,
        params: IdParams,
        response: clientProfileResponse,
      },
    },
    async (request) => {
      requireContactsAccess(request.actor);
      return presentClientProfile(await getClientProfile(ctx, request.params.id));
    },
  );

  app.patch(
    '/clients/:id',
    {
      schema: {
        summary: 'Change a client’s name, language, notes, attributes or organisation',
        tags,
        params: IdParams,
        body: UpdateClientBody,
        response: clientProfileResponse,
      },
    },
    async (request) => {
      requireContactsAccess(request.actor);
      await updateClient(ctx, request.params.id, request.body);
      return presentClientProfile(await getClientProfile(ctx, request.params.id));
    },
  );

  app.post(
    '/clients/:id/addresses',
    {
      schema: {
        summary: 'Give a client another address (mail from it then finds them)',
        tags,
        params: IdParams,
        body: AddressBody,
        response: clientProfileResponse,
      },
    },
    async (request) => {
      requireContactsAccess(request.actor);
      await addClientAddress(ctx, request.params.id, request.body.address);
      return presentClientProfile(await getClientProfile(ctx, request.params.id));
    },
  );

  app.delete(
    '/clients/:id/addresses/:address',
    { schema: { summary: 'Remove one of a client’s other addresses', tags, params: AddressParams, response: clientProfileResponse } },
    async (request) => {
      requireContactsAccess(request.actor);
      await removeClientAddress(ctx, request.params.id, request.params.address);
      return presentClientProfile(await getClientProfile(ctx, request.params.id));
    },
  );

  app.post(
    '/clients/:id/merge',
    {
      schema: {
        summary:
          'Merge the client source_id into this one, which stays: tickets move, the other’s addresses become this one’s, ' +
          'and the other account is disabled with its sessions and API tokens ended',
        tags,
        params: IdParams,
        body: MergeBody,
        response: { ...clientProfileResponse, ...problemResponses(409) },
      },
    },
    async (request) => {
      requireContactsAccess(request.actor);
      await mergeClients(ctx, request.params.id, request.body.source_id);
      return presentClientProfile(await getClientProfile(ctx, request.params.id));
    },
  );
};
