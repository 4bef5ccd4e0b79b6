// Business time on a weekly schedule in an IANA zone, without a calendar library: each local day's intervals are
// turned into UTC instants through the zone's offset at that local time (Intl), so daylight saving counts right.
// A local time that does not exist (spring forward) is clipped to the transition; a repeated one (fall back)
// starts an interval at its first occurrence and ends one at its last, so the real elapsed time is counted.

import { wallOf, zoneFormatter } from './zone-wall-clock.js';

/** One opening, local wall-clock times 'HH:MM'; start < end; end may be '24:00' (the next day's midnight). */
export type Interval = { start: string; end: string };

/** When a team works: a zone, a week of intervals, and dated exceptions. */
export type Schedule = {
  /** IANA time zone the times are read in. */
  timeZone: string;
  /** 7 entries, index 0 = Sunday … 6 = Saturday; each day's intervals sorted and not overlapping. */
  week: Interval[][];
  /** A local date ('YYYY-MM-DD') with other hours than its weekday's; [] = closed (a holiday). */
  overrides: { date: string; intervals: Interval[] }[];
};

/** Thrown when a schedule has no business hours left to count in (validation forbids such a week). */
export class NoBusinessHoursError extends Error {
  constructor() {
    // i18n-exempt: for developers and logs; validation keeps such a week out of every stored schedule
    super('The schedule has no business hours after the given time: its week is empty and no later override opens');
    this.name = 'NoBusinessHoursError';
  }
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
// A day past this many from the start means a target of over a century: refused rather than looped through.
const MAX_DAYS = 366 * 100;

/** 'HH:MM' (00:00–24:00) → minutes of the day, or null when malformed. */
export function minutesOfClock(text: string): number | null {
  const match = /^([01]\d|2[0-4]):([0-5]\d)$/.exec(text);
  if (!match) return null;
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  return minutes > 1440 ? null : minutes;
}

/** 'YYYY-MM-DD' → days since 1970-01-01, or null when it is no real date. */
export function dayNumberOfDate(text: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(year, month - 1, day);
  const back = new Date(ms);
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day) return null;
  return ms / DAY;
}

/**
 * The instants whose local time is `wall`: [first, last] (equal unless repeated by a fall-back), or, when the
 * time was skipped by a spring-forward, the transition instant as both.
 */
function instantsOf(zone: string, wall: number): [number, number] {
  const key = `${zone} ${wall}`;
  const known = resolved.get(key);
  if (known) return known;
  if (resolved.size >= RESOLVED_MAX) resolved.clear();
  const found = resolveWall(zone, wall);
  resolved.set(key, found);
  return found;
}

// Every due time of a day on one schedule resolves the same few local times (opening and closing, each a handful of
// Intl calls): kept, so recounting many targets after a schedule edit costs lookups. Zone rules change only with
// Node's ICU, i.e. with a restart.
const RESOLVED_MAX = 50_000;
const resolved = new Map<string, [number, number]>();

function resolveWall(zone: string, wall: number): [number, number] {
  // The zone's offsets a day either side: the candidates cover one transition between them.
  const offsetBefore = wallOf(zone, wall - DAY) - (wall - DAY);
  const offsetAfter = wallOf(zone, wall + DAY) - (wall + DAY);
  const candidates = [...new Set([wall - offsetBefore, wall - offsetAfter])].filter((t) => wallOf(zone, t) === wall).sort((a, b) => a - b);
  const first = candidates[0];
  const last = candidates[candidates.length - 1];
  if (first !== undefined && last !== undefined) return [first, last];
  // Skipped: the first instant whose local time is past `wall` is the transition; found by halving.
  let low = Math.min(wall - offsetBefore, wall - offsetAfter);
  let high = Math.max(wall - offsetBefore, wall - offsetAfter);
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (wallOf(zone, middle) >= wall) high = middle;
    else low = middle;
  }
  return [high, high];
}

type ParsedInterval = { start: number; end: number };

/** A schedule read once into minutes, for the day-by-day walk. */
class Calendar {
  private readonly week: ParsedInterval[][];
  private readonly overrides = new Map<number, ParsedInterval[]>();
  /** The last day an override could open, for telling "no hours ever again" from "none yet". */
  readonly lastOverrideDay: number;
  readonly isWeekEmpty: boolean;

  constructor(readonly schedule: Schedule) {
    this.week = schedule.week.map(parseIntervals);
    if (this.week.length !== 7) throw new RangeError('A schedule needs 7 days, Sunday first');
    let last = Number.NEGATIVE_INFINITY;
    for (const override of schedule.overrides) {
      const day = dayNumberOfDate(override.date);
      if (day === null) throw new RangeError(`Not a date: ${override.date}`);
      this.overrides.set(day, parseIntervals(override.intervals));
      if (override.intervals.length > 0) last = Math.max(last, day);
    }
    this.lastOverrideDay = last;
    this.isWeekEmpty = this.week.every((day) => day.length === 0);
    // Validates the zone up front: an unknown one throws a RangeError here rather than mid-walk.
    zoneFormatter(schedule.timeZone);
  }

  /** The local day (days since 1970-01-01) that instant `t` falls on. */
  dayOf(t: number): number {
    return Math.floor(wallOf(this.schedule.timeZone, t) / DAY);
  }

  /**
   * Day `day`'s open intervals as UTC instants [start, end), in order. In a repeated hour one interval may end
   * after the next begins (its end is the time's last occurrence, the next start its first): the walks clip
   * each opening to what the one before left, so no instant counts twice.
   */
  openings(day: number): Array<[number, number]> {
    // 1970-01-01 was a Thursday (4).
    const intervals = this.overrides.get(day) ?? this.week[(((day + 4) % 7) + 7) % 7] ?? [];
    const zone = this.schedule.timeZone;
    const result: Array<[number, number]> = [];
    for (const { start, end } of intervals) {
      const from = instantsOf(zone, day * DAY + start * MINUTE)[0];
      const to = instantsOf(zone, day * DAY + end * MINUTE)[1];
      if (to > from) result.push([from, to]);
    }
    return result;
  }
}

function parseIntervals(intervals: Interval[]): ParsedInterval[] {
  return intervals
    .map(({ start, end }) => {
      const from = minutesOfClock(start);
      const to = minutesOfClock(end);
      if (from === null || to === null || from >= to) throw new RangeError(`Not an interval: ${start}–${end}`);
      return { start: from, end: to };
    })
    .sort((a, b) => a.start - b.start);
}

/** The instant `seconds` business seconds after `from`; `schedule` null = around the clock. */
export function addBusinessSeconds(schedule: Schedule | null, from: Date, seconds: number): Date {
  if (!Number.isFinite(seconds) || seconds < 0) throw new RangeError(`Business seconds must be 0 or more, not ${seconds}`);
  const start = from.getTime();
  let remaining = Math.round(seconds * 1000);
  if (schedule === null || remaining === 0) return new Date(start + remaining);
  const calendar = new Calendar(schedule);
  // A day early: the local day `from` falls on may have begun under another offset.
  const firstDay = calendar.dayOf(start) - 1;
  let counted = start;
  for (let day = firstDay; day <= firstDay + MAX_DAYS; day++) {
    if (calendar.isWeekEmpty && day > calendar.lastOverrideDay) throw new NoBusinessHoursError();
    for (const [open, close] of calendar.openings(day)) {
      if (close <= counted) continue;
      const begin = Math.max(open, counted);
      if (remaining <= close - begin) return new Date(begin + remaining);
      remaining -= close - begin;
      counted = close;
    }
  }
  throw new RangeError(`${seconds} business seconds reach beyond a century of this schedule`);
}

/** Business seconds in [from, to) (0 when to <= from). */
export function businessSecondsBetween(schedule: Schedule | null, from: Date, to: Date): number {
  const start = from.getTime();
  const end = to.getTime();
  if (end <= start) return 0;
  if (schedule === null) return (end - start) / 1000;
  const calendar = new Calendar(schedule);
  const firstDay = calendar.dayOf(start) - 1;
  const lastDay = calendar.dayOf(end) + 1;
  if (lastDay - firstDay > MAX_DAYS) throw new RangeError('A span of over a century is not counted in business time');
  let total = 0;
  let counted = start;
  for (let day = firstDay; day <= lastDay; day++) {
    for (const [open, close] of calendar.openings(day)) {
      const overlap = Math.min(close, end) - Math.max(open, counted);
      if (overlap > 0) total += overlap;
      counted = Math.max(counted, close);
    }
  }
  return total / 1000;
}
