// Days, weeks and months in a chosen IANA zone, as the UTC instants they start at: a report compares each
// stored time (an ISO string, UTC) with these boundaries, so a ticket at 23:30 UTC falls on the next day in
// Europe/Berlin and the days around a daylight-saving change are 23 or 25 hours long.

import { wallOf } from '../business-hours/zone-wall-clock.js';

export type PeriodKind = 'day' | 'week' | 'month';

/** One period: its key ('2026-12-07'; a week by its Monday; a month '2026-12') and its start and end (ISO, UTC). */
export interface Period {
  key: string;
  start: string;
  end: string;
}

const DAY_MS = 86_400_000;
/** The zone's offset from UTC at instant `t`, in milliseconds (Berlin in winter: +3,600,000). */
function offsetAt(timeZone: string, t: number): number {
  return wallOf(timeZone, t) - t;
}

/** The instant a local date ('YYYY-MM-DD', as days since 1970) begins in the zone (its first moment that exists). */
export function startOfLocalDay(timeZone: string, dayNumber: number): number {
  const wall = dayNumber * DAY_MS;
  let t = wall - offsetAt(timeZone, wall);
  // The offset at the guess may differ from the offset at the answer (a change that night): correct once more.
  t = wall - offsetAt(timeZone, t);
  return t;
}

/** 'YYYY-MM-DD' of days since 1970. */
export function dateOfDay(dayNumber: number): string {
  return new Date(dayNumber * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The periods covering the local days `fromDay` to `toDay` (both included): every period that has one of those
 * days, the first and last cut to the range (so a week or month counts only what the range asked for).
 */
export function periodsOf(kind: PeriodKind, timeZone: string, fromDay: number, toDay: number): Period[] {
  const periods: Period[] = [];
  let day = fromDay;
  while (day <= toDay) {
    const date = new Date(day * DAY_MS);
    let next: number;
    let key: string;
    if (kind === 'day') {
      next = day + 1;
      key = dateOfDay(day);
    } else if (kind === 'week') {
      // Weeks start on Monday (ISO 8601); the key is that Monday's date.
      const sinceMonday = (date.getUTCDay() + 6) % 7;
      next = day - sinceMonday + 7;
      key = dateOfDay(day - sinceMonday);
    } else {
      next = Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1) / DAY_MS;
      key = dateOfDay(day).slice(0, 7);
    }
    const end = Math.min(next, toDay + 1);
    periods.push({ key, start: iso(startOfLocalDay(timeZone, day)), end: iso(startOfLocalDay(timeZone, end)) });
    day = end;
  }
  return periods;
}

function iso(t: number): string {
  return new Date(t).toISOString();
}
