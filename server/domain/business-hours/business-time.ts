// Placeholder until the business-hours branch merges: the exports are that branch's, exact for the null
// schedule (around the clock) and naive for a schedule (a minute at a time, bounded to a year ahead).

/** One opening on a day, in the schedule's zone: 'HH:MM' to 'HH:MM'. */
export type Interval = { start: string; end: string };
/** A week of openings (week[0] is Sunday) in an IANA zone, and dated days that replace the week's. */
export type Schedule = { timeZone: string; week: Interval[][]; overrides: { date: string; intervals: Interval[] }[] };

const MINUTE = 60_000;
/** How far the naive stepping looks: a schedule with no hours in a year has none. */
const YEAR_MINUTES = 366 * 24 * 60;

/** The time `seconds` of business time after `from` (null: around the clock). */
export function addBusinessSeconds(schedule: Schedule | null, from: Date, seconds: number): Date {
  if (schedule === null || seconds <= 0) return new Date(from.getTime() + Math.max(0, seconds) * 1000);
  let left = seconds;
  let at = from.getTime();
  // The part of the first minute up to the next whole minute, then whole minutes.
  for (let step = 0; step < YEAR_MINUTES + 1; step++) {
    const next = Math.min(Math.floor(at / MINUTE) * MINUTE + MINUTE, at + left * 1000);
    if (isOpen(schedule, new Date(at))) {
      left -= (next - at) / 1000;
      if (left <= 0) return new Date(next);
    }
    at = next;
  }
  throw new Error('The schedule has no business hours within a year.');
}

/** Business seconds from `from` to `to` (0 when `to` is not after `from`; null: around the clock). */
export function businessSecondsBetween(schedule: Schedule | null, from: Date, to: Date): number {
  if (to <= from) return 0;
  if (schedule === null) return (to.getTime() - from.getTime()) / 1000;
  let seconds = 0;
  let at = from.getTime();
  const end = Math.min(to.getTime(), from.getTime() + YEAR_MINUTES * MINUTE);
  while (at < end) {
    const next = Math.min(Math.floor(at / MINUTE) * MINUTE + MINUTE, end);
    if (isOpen(schedule, new Date(at))) seconds += (next - at) / 1000;
    at = next;
  }
  return seconds;
}

/** Whether the schedule is open at that instant, read in its zone (the override of that date, else the week's day). */
function isOpen(schedule: Schedule, at: Date): boolean {
  const parts = Object.fromEntries(
    formatterFor(schedule.timeZone)
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  const date = `${parts.year}-${parts.month}-${parts.day}`;
  const time = `${parts.hour}:${parts.minute}`;
  const override = schedule.overrides.find((o) => o.date === date);
  const day = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(parts.weekday as string);
  const intervals = override ? override.intervals : (schedule.week[day] ?? []);
  return intervals.some((i) => i.start <= time && time < i.end);
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      weekday: 'short',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}
