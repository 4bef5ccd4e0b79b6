import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { fillPlaceholders } from '../../../../common/reply-placeholders.js';
import { createSavedReply } from '../../../domain/saved-replies/create-saved-reply.js';
import { deleteSavedReply } from '../../../domain/saved-replies/delete-saved-reply.js';
import { listSavedReplies } from '../../../domain/saved-replies/list-saved-replies.js';
import { replyPlaceholderValues } from '../../../domain/saved-replies/reply-placeholder-values.js';
import { updateSavedReply } from '../../../domain/saved-replies/update-saved-reply.js';
import { requireStaff } from '../../plugins/auth.js';
import { replyCreated } from '../../reply-created.js';
import type { RouteServices } from '../../services.js';
import { IdParams, problemResponses } from '../shared.schema.js';
import { SavedReplyCreateBody, SavedReplyQuery, SavedReplySchema, SavedReplyUpdateBody } from './saved-replies.schema.js';
import { presentSavedReply } from './saved-reply-presenter.js';

const tags = ['saved-replies'];

/**
 * Saved replies (agents and admins): the shared ones and the caller's own. Anyone on the team keeps their
 * own; only admins share one with the team or change a shared one. Another agent's own reply is a 404.
 */
export const savedRepliesRoutes: FastifyPluginAsyncTypebox<RouteServices> = async (app, { ctx }) => {
  app.get(
    '/saved-replies/',
    {
      schema: {
        summary: 'The saved replies you can use (shared and your own), optionally searched and filled for a ticket',
        tags,
        querystring: SavedReplyQuery,
        response: { 200: Type.Array(SavedReplySchema), ...problemResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const actor = requireStaff(request);
      const { q, ticket } = request.query;
      const values = ticket === undefined ? undefined : await replyPlaceholderValues(ctx, ticket, actor);
      const replies = await listSavedReplies(ctx, actor, q);
      reply.header('cache-control', 'private, no-store');
      return replies.map((r) => presentSavedReply(r, values && fillPlaceholders(r.text, values)));
    },
  );

  app.post(
    '/saved-replies/',
    {
      schema: {
        summary: 'Save a reply: your own, or shared with the team (admins)',
        tags,
        body: SavedReplyCreateBody,
        response: { 201: SavedReplySchema, ...problemResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const actor = requireStaff(request);
      const created = await createSavedReply(ctx, request.body, actor);
      replyCreated(request, reply, created.id);
      return presentSavedReply(created);
    },
  );

  app.patch(
    '/saved-replies/:id',
    {
      schema: {
        summary: 'Change a saved reply: your own, or a shared one (admins)',
        tags,
        params: IdParams,
        body: SavedReplyUpdateBody,
        response: { 200: SavedReplySchema, ...problemResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const actor = requireStaff(request);
      return presentSavedReply(await updateSavedReply(ctx, request.params.id, request.body, actor));
    },
  );

  app.delete(
    '/saved-replies/:id',
    {
      schema: {
        summary: 'Delete a saved reply: your own, or a shared one (admins)',
        tags,
        params: IdParams,
        response: { 204: Type.Null(), ...problemResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const actor = requireStaff(request);
      await deleteSavedReply(ctx, request.params.id, actor);
      reply.status(204);
    },
  );
};
