import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { requireAdmin, requireStaff } from '../../plugins/auth.js';
import type { RouteServices } from '../../services.js';
import { addTermWriteRoutes } from '../lookups/term-collection-routes.js';
import { problemResponses } from '../shared.schema.js';

const StatusReply = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  slug: Type.String(),
  order: Type.Integer(),
  client_label: Type.Union([Type.String(), Type.Null()], { description: 'What the client reads; null shows the name' }),
});

/** Ticket statuses: staff read them in order; only admins change them, since they drive the workflow. */
export const statusesRoutes: FastifyPluginAsyncTypebox<RouteServices> = async (app, { ctx }) => {
  app.get(
    '/statuses/',
    {
      schema: {
        summary: 'Ticket statuses in their order (the first is the initial one)',
        tags: ['statuses'],
        response: { 200: Type.Array(StatusReply), ...problemResponses(401, 403) },
      },
    },
    async (request) => {
      requireStaff(request);
      const rows = await ctx.db
        .selectFrom('terms')
        .select(['id', 'name', 'slug', 'term_order', 'client_label'])
        .where('taxonomy', '=', 'ticket_status')
        .orderBy('term_order')
        .orderBy('id')
        .execute();
      return rows.map((r) => ({ id: r.id, name: r.name, slug: r.slug, order: r.term_order, client_label: r.client_label }));
    },
  );

  addTermWriteRoutes(app, ctx, 'statuses', requireAdmin);
};
