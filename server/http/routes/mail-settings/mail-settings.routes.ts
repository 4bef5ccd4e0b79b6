import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { message } from '../../../../common/i18n/translator.js';
import { takeRateLimit } from '../../../auth/rate-limit.js';
import { isEmailAddress } from '../../../domain/people/email-address.js';
import { AppError, invalidField } from '../../../errors.js';
import { checkImap } from '../../../mail-settings/check-imap.js';
import { checkSmtp } from '../../../mail-settings/check-smtp.js';
import { readMailServers } from '../../../mail-settings/read-mail-servers.js';
import { removeMailServer, saveMailServer } from '../../../mail-settings/save-mail-server.js';
import { auditOf } from '../../audit-of.js';
import { requireAdmin } from '../../plugins/auth.js';
import type { RouteServices } from '../../services.js';
import {
  checkImapResponse,
  ImapInput,
  mailServersResponse,
  removeServerResponse,
  SmtpInput,
  saveServerResponse,
  TestMailInput,
  testSmtpResponse,
} from './mail-settings.schema.js';

const tags = ['settings'];
// A check reaches a server the admin named, and a test mail goes to an address they may type: a few a
// quarter-hour per admin, so the buttons cannot become a spam cannon or a port scanner.
const CHECKS_PER_WINDOW = 10;
const WINDOW_MS = 15 * 60_000;

/** Settings → Mail (admins only): the SMTP server and the support mailbox, saved, removed and checked. */
export const mailSettingsRoutes: FastifyPluginAsyncTypebox<RouteServices> = async (app, { ctx, config }) => {
  const limitChecks = async (adminId: number) => {
    if (!(await takeRateLimit(ctx.db, `mail-check:${adminId}`, CHECKS_PER_WINDOW, WINDOW_MS)))
      throw new AppError('RATE_LIMITED', message('problems.mail_settings.too_many_checks')).withHeaders({
        'retry-after': String(WINDOW_MS / 1000),
      });
  };

  app.get(
    '/settings/mail',
    {
      schema: {
        summary: 'The SMTP server and the support mailbox in force, and whether an environment variable sets them (never a password)',
        tags,
        response: mailServersResponse,
      },
    },
    async (request, reply) => {
      requireAdmin(request);
      reply.header('cache-control', 'no-store');
      return readMailServers(ctx, config);
    },
  );

  for (const kind of ['smtp', 'imap'] as const) {
    app.put(
      `/settings/mail/${kind}`,
      {
        schema: {
          summary:
            kind === 'smtp'
              ? 'Save the SMTP server mail is sent through (used at once; refused while SMTP_URL sets it)'
              : 'Save the support mailbox the helpdesk reads (used at once; refused while HELPDESK_IMAP_URL sets it)',
          tags,
          body: kind === 'smtp' ? SmtpInput : ImapInput,
          response: saveServerResponse,
        },
      },
      async (request, reply) => {
        requireAdmin(request);
        await saveMailServer(ctx, config, kind, request.body, auditOf(request));
        reply.status(204);
      },
    );
    app.delete(
      `/settings/mail/${kind}`,
      {
        schema: {
          summary:
            kind === 'smtp'
              ? 'Stop sending through the saved SMTP server (mail is written as files)'
              : 'Stop reading the saved support mailbox',
          tags,
          response: removeServerResponse,
        },
      },
      async (request, reply) => {
        requireAdmin(request);
        await removeMailServer(ctx, config, kind, auditOf(request));
        reply.status(204);
      },
    );
  }

  app.post(
    '/settings/mail/smtp/test',
    {
      schema: {
        summary: 'Send a test mail now through the SMTP server in force; the answer says what failed in a word (10 a quarter-hour)',
        tags,
        body: TestMailInput,
        response: testSmtpResponse,
      },
    },
    async (request) => {
      const admin = requireAdmin(request);
      const to = request.body?.to?.trim();
      if (to !== undefined && to !== '' && !isEmailAddress(to)) throw invalidField('to', message('problems.mail_settings.to_bad'));
      await limitChecks(admin.id);
      const reader = await ctx.db
        .selectFrom('users')
        .select(['email', 'language', 'time_zone'])
        .where('id', '=', admin.id)
        .executeTakeFirstOrThrow();
      return checkSmtp(ctx, config, reader, to || reader.email);
    },
  );

  app.post(
    '/settings/mail/imap/check',
    {
      schema: {
        summary: 'Connect to the support mailbox in force, sign in, open its folder and count its messages (10 a quarter-hour)',
        tags,
        response: checkImapResponse,
      },
    },
    async (request) => {
      const admin = requireAdmin(request);
      await limitChecks(admin.id);
      return checkImap(ctx, config);
    },
  );
};
