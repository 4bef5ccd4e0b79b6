import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { createTerm } from '../../../domain/content/create-term.js';
import { assertStatusDeletable, deleteTerm } from '../../../domain/content/delete-term.js';
import { LOOKUP_TAXONOMIES } from '../../../domain/content/terms.js';
import { updateTerm } from '../../../domain/content/update-term.js';
import type { DomainContext } from '../../../domain/context.js';
import { replyCreated } from '../../reply-created.js';
import { IdParams, problemResponses } from '../shared.schema.js';
import { presentTermOption } from './lookup-presenters.js';
import { TermReply, type TermWriteBodies } from './lookups.schema.js';

type App = Parameters<FastifyPluginAsyncTypebox>[0];

/**
 * Create, rename, reorder and delete the terms of one lookup (reasons, urgencies or statuses), each
 * registered by its own resource's routes with who may change it and the bodies from its own schema file.
 */
export function addTermWriteRoutes(
  app: App,
  ctx: DomainContext,
  path: 'reasons' | 'urgencies' | 'statuses',
  authorize: (request: FastifyRequest) => unknown,
  bodies: TermWriteBodies,
): void {
  const taxonomy = LOOKUP_TAXONOMIES[path];
  const tags = [path];

  app.post(
    `/${path}/`,
    {
      schema: {
        summary: `Add to the ${path}`,
        tags,
        body: bodies.create,
        response: { 201: TermReply, ...problemResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      authorize(request);
      const { client_label, ...input } = request.body as typeof request.body & { client_label?: string | null };
      const term = presentTermOption(await createTerm(ctx, taxonomy, { ...input, clientLabel: client_label }));
      replyCreated(request, reply, term.id);
      return term;
    },
  );

  app.patch(
    `/${path}/:id`,
    {
      schema: {
        summary: `Rename or reorder one of the ${path}`,
        tags,
        params: IdParams,
        body: bodies.update,
        response: { 200: TermReply, ...problemResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      authorize(request);
      const { client_label, ...input } = request.body as typeof request.body & { client_label?: string | null };
      return presentTermOption(await updateTerm(ctx, taxonomy, request.params.id, { ...input, clientLabel: client_label }));
    },
  );

  app.delete(
    `/${path}/:id`,
    {
      schema: {
        summary: `Delete one of the ${path}`,
        tags,
        params: IdParams,
        response: { 204: Type.Null(), ...problemResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      authorize(request);
      if (taxonomy === 'ticket_status') await assertStatusDeletable(ctx, request.params.id);
      await deleteTerm(ctx, taxonomy, request.params.id);
      reply.status(204);
    },
  );
}
