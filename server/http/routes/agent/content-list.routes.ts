import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import type { DomainContext } from '../../../domain/context.js';
import { getPosts } from '../../../domain/post.js';
import { requireStaff } from '../../plugins/auth.js';
import { presentPost } from '../../presenters.js';
import { PostReply, problemResponses } from '../shared.schema.js';

/**
 * GET /posts/?type=doc|product — the editors' list: drafts included and whole contents (the public
 * lists carry published rows and excerpts only). Through the one post getter, like every post read.
 */
export function addContentListRoute(app: Parameters<FastifyPluginAsyncTypebox>[0], ctx: DomainContext): void {
  app.get(
    '/posts/',
    {
      schema: {
        summary: 'Docs or products for the editors, drafts included (agents and admins)',
        tags: ['docs', 'products'],
        querystring: Type.Object({ type: Type.Union([Type.Literal('doc'), Type.Literal('product')]) }, { additionalProperties: false }),
        response: { 200: Type.Array(PostReply), ...problemResponses(400, 401, 403) },
      },
    },
    async (request) => {
      requireStaff(request);
      const posts = await getPosts(ctx, { type: request.query.type, orderBy: 'title', limit: 1000 });
      return posts.map(presentPost);
    },
  );
}
