import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { TAG_NAME_MAX_LENGTH } from '../../../../common/limits.js';
import { listTags } from '../../../domain/tickets/list-tags.js';
import { createTag, deleteTag, updateTag } from '../../../domain/tickets/save-tag.js';
import { requireAdmin, requireStaff } from '../../plugins/auth.js';
import { replyCreated } from '../../reply-created.js';
import type { RouteServices } from '../../services.js';
import { IdParams, problemResponses } from '../shared.schema.js';

const tags = ['tags'];
const Name = Type.String({ minLength: 1, maxLength: TAG_NAME_MAX_LENGTH, pattern: '\\S', format: 'single-line' });
const Color = Type.String({ pattern: '^#[0-9a-fA-F]{6}$', description: 'The chip colour, `#rrggbb` (white text is written on it)' });
const TagReply = Type.Object({ id: Type.Integer(), name: Type.String(), slug: Type.String(), color: Type.String() });

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
        response: { 200: Type.Array(Type.Object({ ...TagReply.properties, tickets: Type.Integer() })), ...problemResponses(401, 403) },
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
        body: Type.Object({ name: Name, color: Type.Optional(Color) }, { additionalProperties: false }),
        response: { 201: TagReply, ...problemResponses(400, 401, 403) },
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
        body: Type.Object({ name: Type.Optional(Name), color: Type.Optional(Color) }, { additionalProperties: false, minProperties: 1 }),
        response: { 200: TagReply, ...problemResponses(400, 401, 403, 404) },
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
        response: { 204: Type.Null(), ...problemResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await deleteTag(ctx, request.params.id, requireAdmin(request));
      reply.status(204);
    },
  );
};
