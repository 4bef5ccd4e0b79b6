import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { listTags } from '../../../domain/tickets/list-tags.js';
import { createTag, deleteTag, updateTag } from '../../../domain/tickets/save-tag.js';
import { requireAdmin, requireStaff } from '../../plugins/auth.js';
import { replyCreated } from '../../reply-created.js';
import type { RouteServices } from '../../services.js';
import { IdParams } from '../shared.schema.js';
import { CreateTagBody, createTagResponse, deleteTagResponse, tagListResponse, UpdateTagBody, updateTagResponse } from './tags.schema.js';

const tags = ['tags'];
/**
 * Tags: free labels with a colour that agents put on tickets (PATCH /tickets/{id} `tags`, or the bulk change)
 * and filter the inbox by (`?tag=`). Agents and admins list, add, rename and recolour them; only admins
 * delete one (it leaves every ticket that had it).
 */
export const tagsRoutes: FastifyPluginAsyncTypebox<RouteServices> = async (app, { ctx }) => {
  app.get(
    '/tags/',
    {
      schema: {
        summary: 'Every tag, by name, with how many tickets have it',
        tags,
        response: tagListResponse,
      },
    },
    async (request) => {
      requireStaff(request);
      return listTags(ctx);
    },
  );

  app.post(
    '/tags/',
    {
      schema: {
        summary: 'Add a tag (without a colour, one is chosen from its name)',
        tags,
        body: CreateTagBody,
        response: createTagResponse,
      },
    },
    async (request, reply) => {
      const actor = requireStaff(request);
      const tag = await createTag(ctx, request.body, actor);
      replyCreated(request, reply, tag.id);
      return tag;
    },
  );

  app.patch(
    '/tags/:id',
    {
      schema: {
        summary: 'Rename or recolour a tag',
        tags,
        params: IdParams,
        body: UpdateTagBody,
        response: updateTagResponse,
      },
    },
    async (request) => {
      return updateTag(ctx, request.params.id, request.body, requireStaff(request));
    },
  );

  app.delete(
    '/tags/:id',
    {
      schema: {
        summary: 'Delete a tag; the tickets that had it lose it (admins only)',
        tags,
        params: IdParams,
        response: deleteTagResponse,
      },
    },
    async (request, reply) => {
      await deleteTag(ctx, request.params.id, requireAdmin(request));
      reply.status(204);
    },
  );
};
