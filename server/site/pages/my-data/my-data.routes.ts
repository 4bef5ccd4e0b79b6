import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { MessageKey } from '../../../../common/i18n/message-keys.js';
import { recordAudit } from '../../../audit/record-audit.js';
import { useDataExportLink } from '../../../auth/data-export-links.js';
import { exportClient } from '../../../domain/privacy/export-client.js';
import type { RouteServices } from '../../../http/services.js';
import { csrfCheckedForm } from '../../shared/csrf-checked-form.js';
import { MessagePage } from '../../shared/message-page.js';
import { layoutProps, seeOther, seeSignIn, sendPrivatePage } from '../../shared/site-page.js';
import { requestDataExport } from './request-data-export.js';

/**
 * "Download my data" on the help site (issue 41 item 1). A signed-in client asks (POST /account/export/); the
 * helpdesk mails them a one-time link that works for 24 hours; opening it (GET /account/export/?token=…) downloads
 * the same ZIP as the admin's export (`exportClient`: their profile, tickets, the messages they can read, ratings and
 * files — never an internal note or another person's words).
 *
 * The link works only in a session of the client it was mailed to, not with the token alone: the token proves the
 * mailbox, the session proves the account's sign-in, and it takes both. So a forwarded or leaked mail, or a mail
 * scanner fetching every link in it, downloads nothing (nor spends the link), and another client's token is simply
 * unknown to this account (looked up by token and account together). Used, expired or altered links get a plain page.
 */
export const myDataRoutes: FastifyPluginAsync<RouteServices> = async (app, { ctx, config }) => {
  const options = { schema: { hide: true } };
  const form = csrfCheckedForm(ctx, config);
  const ticketsPath = `${config.basePath}/tickets/`;

  // A plain page for a link that cannot be used (the token is in the address: no Referer may carry it away).
  const sendLinkPage = async (request: FastifyRequest, reply: FastifyReply, text: MessageKey, status: number) => {
    const layout = await layoutProps(ctx, config, request, reply);
    const page = MessagePage({ ...layout, title: layout.t.t('site.myData.linkTitle'), message: layout.t.t(text) });
    return sendPrivatePage(reply, page, status, { 'referrer-policy': 'no-referrer' });
  };

  app.post(
    '/account/export/',
    options,
    form(async (request, reply) => {
      const user = request.siteUser;
      if (user?.role !== 'client') return seeSignIn(reply, config, ticketsPath);
      const sent = await requestDataExport(ctx, user.id, request.ip);
      // i18n-exempt: notice codes (shared/notices.tsx), rendered from the catalogue
      if (!sent) return seeOther(reply.header('retry-after', '86400'), config, ticketsPath, { notice: 'export_limited' });
      // i18n-exempt: a notice code (shared/notices.tsx), rendered from the catalogue
      return seeOther(reply, config, ticketsPath, { notice: 'export_sent' });
    }),
  );

  app.get('/account/export/', options, async (request, reply) => {
    const query = (request.query ?? {}) as Record<string, unknown>;
    const token = typeof query.token === 'string' ? query.token : '';
    const user = request.siteUser;
    if (user?.role !== 'client') {
      // Back here after signing in, the token kept in the return address (a path on this site only).
      const returnTo = `${config.basePath}/account/export/?token=${encodeURIComponent(token)}`;
      // i18n-exempt: a notice code (shared/notices.tsx), rendered from the catalogue
      const notice = 'sign_in_for_export';
      return seeOther(reply.header('referrer-policy', 'no-referrer'), config, `${config.basePath}/login/`, { notice, return_to: returnTo });
    }
    const state = await useDataExportLink(ctx.db, token, user.id);
    if (state === 'unknown') return sendLinkPage(request, reply, 'site.myData.linkUnknown', 404);
    if (state === 'used') return sendLinkPage(request, reply, 'site.myData.linkUsed', 410);
    if (state === 'expired') return sendLinkPage(request, reply, 'site.myData.linkExpired', 410);
    const { fileName, body } = await exportClient(ctx, user.id);
    await recordAudit(
      ctx.db,
      { actorId: user.id, address: request.ip },
      {
        action: 'client.exported',
        targetType: 'client',
        targetId: user.id,
        details: { by: 'client' },
      },
    );
    reply
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .type('application/zip');
    return reply.send(body);
  });
};
