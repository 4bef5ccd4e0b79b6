import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { readBucketTickets } from '../../../domain/reports/bucket-tickets.js';
import { METRICS } from '../../../domain/reports/metric-definitions.js';
import { problemTranslator } from '../../problem-language.js';
import type { RouteServices } from '../../services.js';
import { checkedReportQuery } from './checked-report-query.js';
import { BucketTicketsQuery, bucketTicketsResponse, ReportParams } from './reports.schema.js';

/**
 * The tickets behind one bar of a report: the same query as the report with its key, the same rules on who may
 * read it, and the very rows the bar counted, so the list's count is the bar's.
 */
export const reportTicketsRoutes: FastifyPluginAsyncTypebox<RouteServices> = async (app, { ctx }) => {
  app.get(
    '/reports/:metric/tickets',
    {
      schema: {
        summary: 'The tickets behind one bar of a report, oldest first, a page at a time',
        tags: ['reports'],
        params: ReportParams,
        querystring: BucketTicketsQuery,
        response: bucketTicketsResponse,
      },
    },
    async (request, reply) => {
      const { key, page = 1, ...raw } = request.query;
      const query = await checkedReportQuery(request, ctx, { ...raw, metric: request.params.metric });
      const lines = await readBucketTickets(ctx.db, query, key, page);
      const t = await problemTranslator(request, null, ctx.db);
      reply.header('cache-control', 'no-store').header('content-language', t.language);
      return { metric: query.metric, key, definition: t.t(METRICS[query.metric].text), ...lines };
    },
  );
};
