import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requireAdmin, requireStaff } from '../../plugins/auth.js';
import type { RouteServices } from '../../services.js';
import { addTermWriteRoutes } from '../lookups/term-collection-routes.js';
import { StatusWriteBodies, statusListResponse } from './statuses.schema.js';

/** Ticket statuses: staff read them in order; only admins change them, since they drive the workflow. */
export const statusesRoutes: FastifyPluginAsyncTypebox<RouteServices> = async (app, { ctx }) => {
  app.get(
    '/statuses/',
    {
      schema: {
        summary: 'Ticket statuses in their order (the first is the initial one)',
        tags: ['statuses'],
        response: statusListResponse,
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

  addTermWriteRoutes(app, ctx, 'statuses', requireAdmin, StatusWriteBodies);
};
