import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { message } from '../../../../common/i18n/translator.js';
import { recordAudit } from '../../../audit/record-audit.js';
import { takeRateLimit } from '../../../auth/rate-limit.js';
import { eraseClient } from '../../../domain/privacy/erase-client.js';
import { exportClient } from '../../../domain/privacy/export-client.js';
import { previewRetention } from '../../../domain/privacy/run-retention.js';
import { AppError } from '../../../errors.js';
import { getCoreSettings } from '../../../settings/core-settings.js';
import { auditOf } from '../../audit-of.js';
import { requireAdmin } from '../../plugins/auth.js';
import type { RouteServices } from '../../services.js';
import { IdParams } from '../shared.schema.js';
import {
  EraseClientBody,
  eraseClientResponse,
  exportClientResponse,
  RetentionPreviewQuery,
  retentionPreviewResponse,
} from './privacy.schema.js';

const HOUR_MS = 60 * 60 * 1000;
// An export reads every file of a person: a handful an hour per admin covers a request and its retries.
const EXPORTS_PER_ADMIN_HOUR = 10;

/** A client's data: an admin exports it (a ZIP) or erases it for good. */
export const privacyRoutes: FastifyPluginAsyncTypebox<RouteServices> = async (app, { ctx }) => {
  const tags = ['privacy'];
  app.get(
    '/clients/:id/export',
    {
      schema: {
        summary: "Download a client's data as a ZIP: profile, tickets, public messages, ratings and files (admins only; 10 an hour)",
        tags,
        params: IdParams,
        response: exportClientResponse,
      },
    },
    async (request, reply) => {
      const admin = requireAdmin(request);
      if (!(await takeRateLimit(ctx.db, `client-export:${admin.id}`, EXPORTS_PER_ADMIN_HOUR, HOUR_MS)))
        throw new AppError('RATE_LIMITED', message('problems.privacy.too_many_exports')).withHeaders({
          'retry-after': String(HOUR_MS / 1000),
        });
      const { fileName, body } = await exportClient(ctx, request.params.id);
      // The client by id only: their address would outlive an erasure in the log.
      await recordAudit(ctx.db, auditOf(request), { action: 'client.exported', targetType: 'client', targetId: request.params.id });
      reply.header('cache-control', 'no-store').header('content-disposition', `attachment; filename="${fileName}"`).type('application/zip');
      return reply.send(body);
    },
  );

  app.post(
    '/clients/:id/erase',
    {
      schema: {
        summary:
          'Erase a client for good: the account, and their tickets deleted or anonymised; ' +
          'mails, sessions and links to them end (admins only; final)',
        tags,
        params: IdParams,
        body: EraseClientBody,
        response: eraseClientResponse,
      },
    },
    async (request) => {
      const admin = requireAdmin(request);
      const erasure = await eraseClient(ctx, request.params.id, request.body.mode, admin);
      // No personal data, not even the erased account's id: the mode and the counts, as the erasure's own record.
      const { mode, tickets, messages, files } = erasure;
      await recordAudit(ctx.db, auditOf(request), {
        action: 'client.erased',
        targetType: 'client',
        details: { mode, tickets, messages, files },
      });
      const { by_user_id: _by, ...presented } = erasure;
      return presented;
    },
  );

  app.get(
    '/privacy/retention-preview',
    {
      schema: {
        summary:
          'How many tickets, clients and mail records Privacy → Retention would remove now, with the stored settings or the ones ' +
          'given (admins only; read before switching it on)',
        tags,
        querystring: RetentionPreviewQuery,
        response: retentionPreviewResponse,
      },
    },
    async (request) => {
      requireAdmin(request);
      const stored = (await getCoreSettings(ctx)).privacy;
      return previewRetention(ctx, { ...stored, ...request.query });
    },
  );
};
