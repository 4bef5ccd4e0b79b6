import { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { auditCsvLines } from '../../../audit/audit-csv.js';
import { checkAuditQuery, listAuditLog } from '../../../audit/list-audit-log.js';
import type { AuditLogRow } from '../../../db/tables.js';
import { getSiteOptions } from '../../../settings/site-options.js';
import { requireAdmin } from '../../plugins/auth.js';
import type { RouteServices } from '../../services.js';
import { AuditCsvQuery, AuditQuery, auditCsvResponse, auditListResponse } from './audit.schema.js';

const tags = ['audit'];

/** An entry as the API shows it: every column, the details parsed. */
const present = (row: AuditLogRow) => ({
  id: row.id,
  at: row.at,
  actor: { id: row.actor_id, name: row.actor_name, role: row.actor_role },
  ip: row.ip,
  action: row.action,
  target: { type: row.target_type, id: row.target_id, label: row.target_label },
  details: JSON.parse(row.details) as Record<string, unknown>,
});

/**
 * The audit log (admins only): read a page, or all of it as CSV. There is no route that writes, changes or
 * deletes an entry: they are written only by the operations they record (server/audit/record-audit.ts).
 */
export const auditRoutes: FastifyPluginAsyncTypebox<RouteServices> = async (app, { ctx }) => {
  app.get(
    '/audit-log.csv',
    {
      schema: {
        summary: 'The audit log as CSV, newest first, with the same filters (admins only)',
        tags,
        querystring: AuditCsvQuery,
        response: auditCsvResponse,
      },
    },
    async (request, reply) => {
      requireAdmin(request);
      const query = checkAuditQuery(request.query, (await getSiteOptions(ctx.db)).time_zone);
      reply
        .header('cache-control', 'no-store')
        .header('content-disposition', 'attachment; filename="audit-log.csv"')
        .type('text/csv; charset=utf-8');
      return reply.send(Readable.from(auditCsvLines(ctx.db, query)));
    },
  );

  app.get(
    '/audit-log',
    {
      schema: {
        summary:
          'Who did what, when and from which address: sign-ins, changes of settings, accounts, tokens, webhooks and rules (admins only)',
        tags,
        querystring: AuditQuery,
        response: auditListResponse,
      },
    },
    async (request, reply) => {
      requireAdmin(request);
      const { limit, before, ...filters } = request.query;
      const query = checkAuditQuery(filters, (await getSiteOptions(ctx.db)).time_zone);
      const page = await listAuditLog(ctx.db, query, { limit, before });
      reply.header('cache-control', 'no-store');
      return { entries: page.entries.map(present), next_before: page.nextBefore };
    },
  );
};
