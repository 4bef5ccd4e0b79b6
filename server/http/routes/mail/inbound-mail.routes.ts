import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { inboundMailStatus } from '../../../mail-inbound/inbound-mail-status.js';
import { showReason } from '../../../mail-inbound/inbound-reason.js';
import { listFailedInboundMails } from '../../../mail-inbound/list-failed-inbound-mails.js';
import { retryInboundMail } from '../../../mail-inbound/retry-inbound-mail.js';
import { requireAdmin } from '../../plugins/auth.js';
import { problemTranslator } from '../../problem-language.js';
import type { RouteServices } from '../../services.js';
import { IdParams } from '../shared.schema.js';
import { failedMailsResponse, inboundStatusResponse, retryMailResponse } from './mail.schema.js';

/** Incoming mail for admins: the mailbox reader's status, the failed list, and a retry. */
export const inboundMailRoutes: FastifyPluginAsyncTypebox<RouteServices> = async (app, { ctx, config, counters }) => {
  app.get(
    '/mail/inbound/status',
    {
      schema: {
        summary: 'Incoming mail: the IMAP reader’s last check and error, imported and failed counts',
        tags: ['mail'],
        response: inboundStatusResponse,
      },
    },
    async (request) => {
      requireAdmin(request);
      const s = await inboundMailStatus(ctx, config);
      return {
        imap_configured: s.imapConfigured,
        mailbox: s.mailbox,
        last_check_at: s.lastCheckAt,
        last_error: s.lastError,
        last_error_at: s.lastErrorAt,
        imported: s.imported,
        failed: s.failed,
      };
    },
  );

  app.get(
    '/mail/inbound/failed/',
    {
      schema: {
        summary: 'Incoming mails that could not be imported, newest first, with the reason',
        tags: ['mail'],
        response: failedMailsResponse,
      },
    },
    async (request) => {
      requireAdmin(request);
      // Reasons are kept as catalogue messages and read in the admin's language (account, browser, site).
      const t = await problemTranslator(request, undefined, ctx.db);
      return (await listFailedInboundMails(ctx)).map((m) => ({
        id: m.id,
        message_id: m.messageId,
        sender: m.sender,
        subject: m.subject,
        reason: showReason(m.reason, t),
        received_at: m.receivedAt,
      }));
    },
  );

  app.post(
    '/mail/inbound/failed/:id/retry',
    {
      schema: {
        summary: 'Import a failed incoming mail again',
        tags: ['mail'],
        params: IdParams,
        response: retryMailResponse,
      },
    },
    async (request) => {
      requireAdmin(request);
      const result = await retryInboundMail({ ctx, config, counters }, request.params.id);
      const t = await problemTranslator(request, undefined, ctx.db);
      return {
        outcome: result.kind,
        ticket_id: result.kind === 'imported' ? result.ticketId : null,
        ticket_number: result.kind === 'imported' ? result.ticketNumber : null,
        reason: 'message' in result ? t.render(result.message) : null,
      };
    },
  );
};
