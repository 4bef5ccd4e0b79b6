import etag from '@fastify/etag';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { getPosts } from '../../../domain/content/post.js';
import { LOOKUP_TAXONOMIES, listTerms } from '../../../domain/content/terms.js';
import { describeTicketForm } from '../../../ticket-form/describe-ticket-form.js';
import { TicketFormQuery, TicketFormSchema } from '../../../ticket-form/ticket-form.schema.js';
import { requireStaff } from '../../plugins/auth.js';
import type { RouteServices } from '../../services.js';
import { presentProductOption, presentTermOption } from './lookup-presenters.js';
import { LookupWriteBodies, Options } from './lookups.schema.js';
import { addTermWriteRoutes } from './term-collection-routes.js';

// Lists change rarely; a minute of caching plus ETag revalidation keeps the widget's first open fast.
const CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=600';

/**
 * The lookups: the widget's public choice lists (GET /tickets/products/, /tickets/reasons/,
 * /tickets/urgencies/ — spec §4.4) and the agents' changes to reasons and urgencies. Products are
 * posts: their changes live in routes/products/.
 */
export const lookupsRoutes: FastifyPluginAsyncTypebox<RouteServices> = async (app, services) => {
  await app.register(publicLookups, services);
  addTermWriteRoutes(app, services.ctx, 'reasons', requireStaff, LookupWriteBodies);
  addTermWriteRoutes(app, services.ctx, 'urgencies', requireStaff, LookupWriteBodies);
};

const publicLookups: FastifyPluginAsyncTypebox<RouteServices> = async (app, { ctx }) => {
  // The widget asks for these on every first open; an ETag turns repeat visits into 304s.
  await app.register(etag, { weak: true });
  const schema = (what: string) => ({ summary: `Options for the ${what} field`, tags: ['tickets'], response: { 200: Options } });

  app.get('/tickets/products/', { schema: schema('Product') }, async (_request, reply) => {
    const products = await getPosts(ctx, { type: 'product', status: 'publish', orderBy: 'menu_order' });
    reply.header('cache-control', CACHE_CONTROL);
    return products.map(presentProductOption);
  });

  app.get(
    '/tickets/form/',
    {
      schema: {
        summary:
          "The new-ticket form as the owner set it (the widget's fields, labels, required flags, choices, site name and colour) " +
          "with the widget's texts in one language",
        tags: ['tickets'],
        querystring: TicketFormQuery,
        response: { 200: TicketFormSchema },
      },
    },
    async (request, reply) => {
      // The language is in the URL, never taken from Accept-Language: each language is its own cached answer
      // (and ETag), and no Vary is needed.
      reply.header('cache-control', CACHE_CONTROL);
      return describeTicketForm(ctx, request.query.lang);
    },
  );

  for (const [route, taxonomy] of [
    ['reasons', LOOKUP_TAXONOMIES.reasons],
    ['urgencies', LOOKUP_TAXONOMIES.urgencies],
  ] as const) {
    app.get(`/tickets/${route}/`, { schema: schema(route === 'reasons' ? 'Reason' : 'Urgency') }, async (_request, reply) => {
      reply.header('cache-control', CACHE_CONTROL);
      return (await listTerms(ctx, taxonomy)).map(presentTermOption);
    });
  }
};
