import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { getPosts } from '../../../domain/content/post.js';
import { assignProduct } from '../../../domain/tickets/assign-product.js';
import { requireStaff } from '../../plugins/auth.js';
import type { RouteServices } from '../../services.js';
import { IdParams } from '../shared.schema.js';
import { presentPost } from './post-presenters.js';
import { AssignProductBody, assignProductResponse, PostsQuery, postsListResponse } from './posts.schema.js';

/**
 * Posts of any type, for the editors: GET /posts/?type=doc|product — drafts included and whole contents
 * (the public lists carry published rows and excerpts only), through the one post getter like every post
 * read — and PUT /posts/{id}/product, which assigns any listed post type to a product.
 */
export const postsRoutes: FastifyPluginAsyncTypebox<RouteServices> = async (app, { ctx }) => {
  app.get(
    '/posts/',
    {
      schema: {
        summary: 'Docs or products for the editors, drafts included (agents and admins)',
        tags: ['docs', 'products'],
        querystring: PostsQuery,
        response: postsListResponse,
      },
    },
    async (request) => {
      requireStaff(request);
      const posts = await getPosts(ctx, { type: request.query.type, orderBy: 'title', limit: 1000 });
      return posts.map(presentPost);
    },
  );

  app.put(
    '/posts/:id/product',
    {
      schema: {
        summary: 'Assign any post to a product (only types listed by helpdesk_product_post_types)',
        tags: ['products'],
        params: IdParams,
        body: AssignProductBody,
        response: assignProductResponse,
      },
    },
    async (request) => {
      requireStaff(request);
      return presentPost(await assignProduct(ctx, request.params.id, request.body.product));
    },
  );
};
