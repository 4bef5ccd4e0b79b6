import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { message } from '../../../../common/i18n/translator.js';
import { getWeeklyReportMail, setWeeklyReportMail } from '../../../domain/reports/weekly-report-preference.js';
import { AppError } from '../../../errors.js';
import { mayManageSettings } from '../../../policies/settings-policy.js';
import { requireStaff } from '../../plugins/auth.js';
import type { RouteServices } from '../../services.js';
import { problemResponses } from '../shared.schema.js';

const tags = ['reports'];

const ReportMail = Type.Object(
  {
    weekly: Type.Boolean({
      description:
        'The weekly report is mailed to you on Mondays from 08:00 in your time zone (else the site’s). Admins only; off by default.',
    }),
  },
  { additionalProperties: false },
);

/** An admin's "Mail me the weekly report" (send-weekly-reports.ts sends it). */
export const reportMailRoutes: FastifyPluginAsyncTypebox<RouteServices> = async (app, { ctx }) => {
  app.get(
    '/users/me/report-mail',
    {
      schema: {
        summary: 'Whether the weekly report is mailed to you (agents and admins; only admins can have it)',
        tags,
        response: { 200: ReportMail, ...problemResponses(401, 403) },
      },
    },
    async (request, reply) => {
      const actor = requireStaff(request);
      reply.header('cache-control', 'no-store');
      return { weekly: mayManageSettings(actor) && (await getWeeklyReportMail(ctx.db, actor.id)) };
    },
  );

  app.patch(
    '/users/me/report-mail',
    {
      schema: {
        summary: 'Have the weekly report mailed to you, or not (admins)',
        tags,
        body: ReportMail,
        response: { 200: ReportMail, ...problemResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const actor = requireStaff(request);
      if (!mayManageSettings(actor)) throw new AppError('FORBIDDEN', message('problems.reports.weekly_mail_admins'));
      await setWeeklyReportMail(ctx.db, actor.id, request.body.weekly);
      return { weekly: await getWeeklyReportMail(ctx.db, actor.id) };
    },
  );
};
