import type { BusinessHours } from '../../../domain/business-hours/business-hours.js';

/** The fields of a schedule that leave the server. */
export function presentBusinessHours(hours: BusinessHours) {
  return {
    id: hours.id,
    name: hours.name,
    time_zone: hours.timeZone,
    effective_time_zone: hours.effectiveTimeZone,
    week: hours.week.map((day) => day.map(({ start, end }) => ({ start, end }))),
    overrides: hours.overrides.map((o) => ({
      date: o.date,
      name: o.name,
      intervals: o.intervals.map(({ start, end }) => ({ start, end })),
    })),
    is_default: hours.isDefault,
    created: hours.created,
    modified: hours.modified,
  };
}
