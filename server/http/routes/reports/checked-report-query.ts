import type { FastifyRequest } from 'fastify';
import { message } from '../../../../common/i18n/translator.js';
import type { DomainContext } from '../../../domain/context.js';
import { checkReportQuery, type RawReportQuery } from '../../../domain/reports/check-report-query.js';
import type { ReportQuery } from '../../../domain/reports/run-report.js';
import { AppError } from '../../../errors.js';
import { mayReadPerAgentReports } from '../../../policies/reports-policy.js';
import { getCoreSettings } from '../../../settings/core-settings.js';
import { getSiteOptions } from '../../../settings/site-options.js';
import { requireStaff } from '../../plugins/auth.js';

/**
 * A report's parameters as staff asked for them, checked (a plain problem naming the field otherwise), with the
 * site's zone as the default, and per agent only for those who may read it: the chart, its CSV and the tickets
 * behind its bars all pass here, so none of them shows more than another.
 */
export async function checkedReportQuery(request: FastifyRequest, ctx: DomainContext, raw: RawReportQuery): Promise<ReportQuery> {
  const actor = requireStaff(request);
  const site = await getSiteOptions(ctx.db);
  const query = checkReportQuery(raw, site.time_zone, ctx.now());
  if (query.groupBy === 'agent' && !mayReadPerAgentReports(actor, await getCoreSettings(ctx)))
    throw new AppError('FORBIDDEN', message('problems.reports.per_agent_admins'));
  return query;
}
