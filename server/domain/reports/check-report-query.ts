import { message } from '../../../common/i18n/translator.js';
import { AppError, invalidField } from '../../errors.js';
import { canonicalTimeZone } from '../../settings/site-options.js';
import { dayNumberOfDate } from '../business-hours/business-time.js';
import { GROUPINGS, type Grouping, isMetricName, METRIC_NAMES } from './metric-definitions.js';
import { dateOfDay } from './report-periods.js';
import type { Hours } from './report-rows.js';
import type { ReportQuery } from './run-report.js';

/** The longest range one report covers: two years of days (a year against the year before, by month). */
export const REPORT_MAX_DAYS = 731;
/** Without `from`: the 30 days up to `to` (`to` itself included). */
export const REPORT_DEFAULT_DAYS = 30;

/** A report's parameters as they came (query strings), with the site's time zone and today's date there. */
export interface RawReportQuery {
  metric: string;
  from?: string;
  to?: string;
  tz?: string;
  group_by?: string;
  hours?: string;
}

/**
 * Checks a report's parameters and reads them: an unknown metric is NOT_FOUND (naming the metrics there are), a
 * bad zone, date, grouping or hours, `from` after `to` and a range over REPORT_MAX_DAYS are VALIDATION_FAILED
 * naming the field and the fix. Dates are local days in the zone; `to` is included.
 */
export function checkReportQuery(raw: RawReportQuery, siteTimeZone: string, now: Date): ReportQuery {
  if (!isMetricName(raw.metric))
    throw new AppError('NOT_FOUND', message('problems.reports.no_metric', { metric: raw.metric, metrics: METRIC_NAMES.join(', ') }));
  const timeZone = raw.tz === undefined || raw.tz === '' ? siteTimeZone : canonicalTimeZone(raw.tz);
  if (timeZone === null) throw invalidField('tz', message('problems.reports.bad_tz', { tz: raw.tz ?? '' }));
  const dayOf = (field: 'from' | 'to', text: string) => {
    const day = dayNumberOfDate(text);
    if (day === null) throw invalidField(field, message('problems.reports.bad_date', { value: text }));
    return day;
  };
  const today = dayNumberOfDate(localDate(now, timeZone)) as number;
  const toDay = raw.to ? dayOf('to', raw.to) : today;
  const fromDay = raw.from ? dayOf('from', raw.from) : toDay - (REPORT_DEFAULT_DAYS - 1);
  if (fromDay > toDay)
    throw invalidField('from', message('problems.reports.from_after_to', { from: dateOfDay(fromDay), to: dateOfDay(toDay) }));
  if (toDay - fromDay + 1 > REPORT_MAX_DAYS)
    throw invalidField('to', message('problems.reports.range_too_long', { days: toDay - fromDay + 1, max: REPORT_MAX_DAYS }));
  const groupBy = (raw.group_by === undefined || raw.group_by === '' ? 'day' : raw.group_by) as Grouping;
  if (!GROUPINGS.includes(groupBy))
    throw invalidField(
      'group_by',
      message('problems.reports.bad_group_by', { value: raw.group_by ?? '', groupings: GROUPINGS.join(', ') }),
    );
  const hours = (raw.hours === undefined || raw.hours === '' ? 'calendar' : raw.hours) as Hours;
  if (hours !== 'calendar' && hours !== 'business')
    throw invalidField('hours', message('problems.reports.bad_hours', { value: raw.hours ?? '' }));
  return { metric: raw.metric, fromDay, toDay, timeZone, groupBy, hours };
}

/** 'YYYY-MM-DD' of an instant in a zone. */
function localDate(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}
