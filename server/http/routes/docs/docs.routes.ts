import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type DocsListQuery, docsListAnswer, docsQueryKey } from '../../../domain/content/docs-list-answer.js';
import type { DocsPage } from '../../../domain/content/list-docs.js';
import type { RouteServices } from '../../services.js';
import { addPostCollectionRoutes } from '../posts/post-collection-routes.js';
import { presentDoc } from './doc-presenters.js';
import { docSuggestionsRoutes } from './doc-suggestions.routes.js';
import { DocsQuery, DocWriteBodies, docsListResponse, ProductSlugParams } from './docs.schema.js';
import { DOCS_CONTENT_TYPE } from './docs-fast-answer.js';

/** Docs: the public lists GET /docs/ and GET /docs/product/{slug} (spec §4.4 and §8), and the editors' changes. */
export const docsRoutes: FastifyPluginAsyncTypebox<RouteServices> = async (app, { ctx, config, counters, docsFastPath }) => {
  // The serialized answer is cached per query (server/domain/docs-list-answer.ts); the route's own
  // response serializer makes the bytes, so they are what an uncached answer would be.
  const send = async (request: FastifyRequest, reply: FastifyReply, query: DocsListQuery) => {
    const present = (page: DocsPage) => page.docs.map((doc) => presentDoc(doc, config.homeUrl));
    // A JSON schema's serializer returns a string.
    const answer = await docsListAnswer(ctx, query, (page) => reply.serialize(present(page)) as string);
    // This address validated to this query: while the answer stays cached, the fast path may send it.
    docsFastPath?.remember(request.url, docsQueryKey(query));
    reply.header('x-total-count', String(answer.total)).header('x-per-page', String(answer.perPage));
    return reply.type(DOCS_CONTENT_TYPE).send(answer.body);
  };

  app.get(
    '/docs/',
    { schema: { summary: 'List docs', tags: ['docs'], querystring: DocsQuery, response: docsListResponse } },
    async (request, reply) => send(request, reply, request.query),
  );

  app.get(
    '/docs/product/:slug',
    {
      schema: {
        summary: 'List the docs of one product',
        tags: ['docs'],
        params: ProductSlugParams,
        querystring: DocsQuery,
        response: docsListResponse,
      },
    },
    async (request, reply) => send(request, reply, { ...request.query, productSlug: request.params.slug }),
  );

  addPostCollectionRoutes(app, ctx, 'docs', DocWriteBodies);
  await app.register(docSuggestionsRoutes, { ctx, config, counters });
};
