import { message } from '../../../common/i18n/translator.js';
import { AppError, type FieldError, fieldError, fieldsDetail } from '../../errors.js';
import { canonicalTimeZone } from '../../settings/site-options.js';
import type { BusinessHoursOverride } from './business-hours.js';
import { dayNumberOfDate, type Interval, minutesOfClock } from './business-time.js';

/** A time of day, 'HH:MM' from 00:00 to 24:00: the route schema's pattern, so a bad one reads as this rule. */
export const CLOCK_PATTERN = '^(([01][0-9]|2[0-3]):[0-5][0-9]|24:00)$';
/** A date, 'YYYY-MM-DD' (whether it exists is checked here). */
export const DATE_PATTERN = '^[0-9]{4}-[0-9]{2}-[0-9]{2}$';

/** What a schedule is made of, before it is stored. */
export interface BusinessHoursShape {
  timeZone?: string | null;
  week?: Interval[][];
  overrides?: BusinessHoursOverride[];
}

/**
 * Checks a schedule's zone, week and overrides, throwing one VALIDATION_FAILED that names every bad field and its
 * fix; returns the zone in its canonical spelling (null: the site's).
 */
export function checkBusinessHours(shape: BusinessHoursShape): string | null | undefined {
  const errors: FieldError[] = [];
  let zone: string | null | undefined = shape.timeZone;
  if (typeof shape.timeZone === 'string') {
    zone = canonicalTimeZone(shape.timeZone);
    if (zone === null) errors.push(fieldError('time_zone', message('problems.business_hours.time_zone')));
  }
  if (shape.week) {
    shape.week.forEach((day, index) => {
      checkIntervals(day, `week.${index}`, errors);
    });
    if (shape.week.every((day) => day.length === 0)) errors.push(fieldError('week', message('problems.business_hours.empty_week')));
  }
  const seen = new Set<string>();
  shape.overrides?.forEach((override, index) => {
    if (dayNumberOfDate(override.date) === null) {
      errors.push(fieldError(`overrides.${index}.date`, message('problems.business_hours.date')));
    } else if (seen.has(override.date)) {
      errors.push(fieldError(`overrides.${index}.date`, message('problems.business_hours.duplicate_date', { date: override.date })));
    }
    seen.add(override.date);
    checkIntervals(override.intervals, `overrides.${index}.intervals`, errors);
  });
  if (errors.length > 0) throw new AppError('VALIDATION_FAILED', fieldsDetail(errors), errors);
  return zone;
}

/** One day's intervals: each a real time span, none overlapping another (in any order given). */
function checkIntervals(intervals: Interval[], path: string, errors: FieldError[]): void {
  const spans: Array<{ start: number; end: number; index: number }> = [];
  intervals.forEach(({ start, end }, index) => {
    const from = minutesOfClock(start);
    const to = minutesOfClock(end);
    if (from === null) errors.push(fieldError(`${path}.${index}.start`, message('problems.business_hours.clock')));
    if (to === null) errors.push(fieldError(`${path}.${index}.end`, message('problems.business_hours.clock')));
    if (from === null || to === null) return;
    if (from >= to) errors.push(fieldError(`${path}.${index}.end`, message('problems.business_hours.start_before_end', { start, end })));
    else spans.push({ start: from, end: to, index });
  });
  spans.sort((a, b) => a.start - b.start);
  // Against the span reaching furthest so far: 09–17 overlaps both 10–11 and 12–13.
  let reach: (typeof spans)[number] | undefined;
  for (const span of spans) {
    if (reach && span.start < reach.end) {
      const other = intervals[reach.index];
      errors.push(
        fieldError(
          `${path}.${span.index}`,
          message('problems.business_hours.overlap', { start: other?.start ?? '', end: other?.end ?? '' }),
        ),
      );
    }
    if (!reach || span.end > reach.end) reach = span;
  }
}
