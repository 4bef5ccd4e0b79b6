import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { createPost } from '../../../domain/content/create-post.js';
import { deletePost } from '../../../domain/content/delete-post.js';
import type { ManagedPostType } from '../../../domain/content/managed-post.js';
import { updatePost } from '../../../domain/content/update-post.js';
import type { DomainContext } from '../../../domain/context.js';
import { requireStaff } from '../../plugins/auth.js';
import { replyCreated } from '../../reply-created.js';
import { IdParams, PostReply, problemResponses } from '../shared.schema.js';
import { presentPost } from './post-presenters.js';
import type { PostWriteBodies } from './posts.schema.js';

type App = Parameters<FastifyPluginAsyncTypebox>[0];

/**
 * Create, update and delete the posts of one collection (docs or products; agents and admins), each
 * registered by its own resource's routes with the bodies from its own schema file.
 */
export function addPostCollectionRoutes(app: App, ctx: DomainContext, path: 'docs' | 'products', bodies: PostWriteBodies): void {
  const type: ManagedPostType = path === 'docs' ? 'doc' : 'product';
  const { titleName, create: Create, update: Update } = bodies;
  const tags = [path];

  app.post(
    `/${path}/`,
    { schema: { summary: `Create a ${type}`, tags, body: Create, response: { 201: PostReply, ...problemResponses(400, 401, 403) } } },
    async (request, reply) => {
      const actor = requireStaff(request);
      const body = request.body as Record<string, any>;
      const post = await createPost(ctx, type, { ...toInput(body), title: body[titleName] }, actor.id);
      replyCreated(request, reply, post.id);
      return presentPost(post);
    },
  );

  app.patch(
    `/${path}/:id`,
    {
      schema: {
        summary: `Update a ${type}`,
        tags,
        params: IdParams,
        body: Update,
        response: { 200: PostReply, ...problemResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      requireStaff(request);
      const body = request.body as Record<string, any>;
      return presentPost(await updatePost(ctx, type, request.params.id, { ...toInput(body), title: body[titleName] }));
    },
  );

  app.delete(
    `/${path}/:id`,
    {
      schema: { summary: `Delete a ${type}`, tags, params: IdParams, response: { 204: Type.Null(), ...problemResponses(401, 403, 404) } },
    },
    async (request, reply) => {
      requireStaff(request);
      await deletePost(ctx, type, request.params.id);
      reply.status(204);
    },
  );
}

function toInput(body: Record<string, any>) {
  return {
    content: body.content,
    slug: body.slug,
    status: body.status,
    product: body.product,
    menuOrder: body.menu_order,
    language: body.language,
  };
}
