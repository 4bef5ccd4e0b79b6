import { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { GROUPINGS, METRIC_NAMES, METRICS, STATISTICS_TEXT } from '../../../domain/reports/metric-definitions.js';
import { reportCsv } from '../../../domain/reports/report-csv.js';
import { dateOfDay, startOfLocalDay } from '../../../domain/reports/report-periods.js';
import { runReport } from '../../../domain/reports/run-report.js';
import { ticketCsvLines } from '../../../domain/reports/ticket-csv-rows.js';
import { mayReadPerAgentReports } from '../../../policies/reports-policy.js';
import { getCoreSettings } from '../../../settings/core-settings.js';
import { getTicketFormFields } from '../../../settings/get-ticket-form-fields.js';
import { requireStaff } from '../../plugins/auth.js';
import { problemTranslator } from '../../problem-language.js';
import type { RouteServices } from '../../services.js';
import { checkedReportQuery } from './checked-report-query.js';
import { ReportParams, ReportQuery, reportIndexResponse, reportResponse, TicketsCsvQuery, ticketsCsvResponse } from './reports.schema.js';

const tags = ['reports'];

/**
 * Reports (agents and admins): one metric's buckets by period or dimension, as JSON or its CSV, and every ticket
 * of a range as CSV, streamed. Agents see the team's figures; per agent only admins, unless the setting allows.
 */
export const reportsRoutes: FastifyPluginAsyncTypebox<RouteServices> = async (app, { ctx, config }) => {
  app.get(
    '/reports/',
    {
      schema: {
        summary: 'The metrics, each with its definition, and the groupings the reader may ask for',
        tags,
        response: reportIndexResponse,
      },
    },
    async (request, reply) => {
      const actor = requireStaff(request);
      const perAgent = mayReadPerAgentReports(actor, await getCoreSettings(ctx));
      const t = await problemTranslator(request, null, ctx.db);
      reply.header('cache-control', 'no-store').header('content-language', t.language);
      return {
        metrics: METRIC_NAMES.map((name) => ({ name, kind: METRICS[name].kind, definition: t.t(METRICS[name].text) })),
        groupings: GROUPINGS.filter((grouping) => perAgent || grouping !== 'agent'),
      };
    },
  );

  // Registered before `/reports/:metric`, though Fastify prefers a static path anyway.
  app.get(
    '/reports/tickets.csv',
    {
      schema: {
        summary: 'Every ticket filed in a range, one CSV line each, streamed',
        tags,
        querystring: TicketsCsvQuery,
        response: ticketsCsvResponse,
      },
    },
    async (request, reply) => {
      const query = await checkedReportQuery(request, ctx, { ...request.query, metric: 'created' });
      const fields = (await getTicketFormFields(ctx)).filter((field) => field.builtin !== true);
      const lines = ticketCsvLines(ctx.db, {
        from: new Date(startOfLocalDay(query.timeZone, query.fromDay)).toISOString(),
        to: new Date(startOfLocalDay(query.timeZone, query.toDay + 1)).toISOString(),
        linkOf: (number) => `${config.homeUrl}/admin/tickets/${number}`,
        customFields: fields.map((field) => ({ key: field.key, label: field.label })),
      });
      const name = `tickets-${dateOfDay(query.fromDay)}-${dateOfDay(query.toDay)}.csv`;
      reply
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="${name}"`)
        .type('text/csv; charset=utf-8');
      // A stream pulls the next page only when the client has taken the last one: memory stays one page.
      return reply.send(Readable.from(lines));
    },
  );

  app.get(
    '/reports/:metric',
    {
      schema: {
        summary: 'One metric of the reports, with its definition, by period or dimension (JSON, or CSV with ?format=csv)',
        tags,
        params: ReportParams,
        querystring: ReportQuery,
        response: reportResponse,
      },
    },
    async (request, reply) => {
      const query = await checkedReportQuery(request, ctx, { ...request.query, metric: request.params.metric });
      const buckets = await runReport(ctx.db, query);
      reply.header('cache-control', 'no-store');
      if (request.query.format === 'csv') {
        const name = `${query.metric}-${query.groupBy}-${dateOfDay(query.fromDay)}-${dateOfDay(query.toDay)}.csv`;
        reply.header('content-disposition', `attachment; filename="${name}"`).type('text/csv; charset=utf-8');
        return reportCsv(buckets);
      }
      const t = await problemTranslator(request, null, ctx.db);
      const definition = METRICS[query.metric];
      reply.header('content-language', t.language);
      return {
        metric: query.metric,
        definition: t.t(definition.text),
        statistics: definition.kind === 'time' ? t.t(STATISTICS_TEXT) : null,
        from: dateOfDay(query.fromDay),
        to: dateOfDay(query.toDay),
        tz: query.timeZone,
        group_by: query.groupBy,
        hours: query.hours,
        buckets,
      };
    },
  );
};
