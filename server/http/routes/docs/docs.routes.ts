import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { type DocsPage, listDocs } from '../../../domain/list-docs.js';
import type { RouteServices } from '../../services.js';
import { addPostCollectionRoutes } from '../posts/post-collection-routes.js';
import { presentDoc } from './doc-presenters.js';
import { DocsQuery, docsListResponse } from './docs.schema.js';

/** Docs: the public lists GET /docs/ and GET /docs/product/{slug} (spec §4.4 and §8), and the editors' changes. */
export const docsRoutes: FastifyPluginAsyncTypebox<RouteServices> = async (app, { ctx, config }) => {
  const send = (reply: FastifyReply, page: DocsPage) => {
    reply.header('x-total-count', String(page.total)).header('x-per-page', String(page.perPage));
    return page.docs.map((doc) => presentDoc(doc, config.homeUrl));
  };

  app.get(
    '/docs/',
    { schema: { summary: 'List docs', tags: ['docs'], querystring: DocsQuery, response: docsListResponse } },
    async (request, reply) => send(reply, await listDocs(ctx, request.query)),
  );

  app.get(
    '/docs/product/:slug',
    {
      schema: {
        summary: 'List the docs of one product',
        tags: ['docs'],
        params: Type.Object({ slug: Type.String({ minLength: 1, maxLength: 200, format: 'single-line' }) }),
        querystring: DocsQuery,
        response: docsListResponse,
      },
    },
    async (request, reply) => send(reply, await listDocs(ctx, { ...request.query, productSlug: request.params.slug })),
  );

  addPostCollectionRoutes(app, ctx, 'docs');
};
