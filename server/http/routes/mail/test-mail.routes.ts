import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sendTestMail } from '../../../email/send-test-mail.js';
import { requireAdmin } from '../../plugins/auth.js';
import type { RouteServices } from '../../services.js';
import { testMailResponse } from './mail.schema.js';

/** POST /mail/test — Emails → "Send a test mail": one mail now, to the signed-in admin. */
export const testMailRoutes: FastifyPluginAsyncTypebox<RouteServices> = async (app, { ctx, config }) => {
  app.post(
    '/mail/test',
    {
      schema: {
        summary: 'Send a test mail to the signed-in admin now (not queued), to check outgoing mail',
        tags: ['mail'],
        response: testMailResponse,
      },
    },
    async (request) => {
      const admin = requireAdmin(request);
      const sent = await sendTestMail(ctx, config, admin.id);
      return { sent_to: sent.to, written_to_file: sent.file };
    },
  );
};
