import { wallOf } from '../business-hours/zone-wall-clock.js';
import { dateOfDay } from './report-periods.js';

const DAY_MS = 86_400_000;
/** The mail goes out from 08:00 on Monday, the reader's local time. */
const SEND_HOUR = 8;

/**
 * The week a weekly report mail sent at `now` reports on, in `timeZone`: last week (Monday to Sunday, as local days
 * since 1970) and the week before it, and its key (last week's Monday). Null before this week's Monday 08:00 local:
 * then last week's mail is not due yet (the week before's was due a week ago, and went out then, or is skipped).
 */
export function weekToReport(timeZone: string, now: Date): { key: string; fromDay: number; toDay: number; previousFromDay: number } | null {
  const wall = wallOf(timeZone, now.getTime());
  const today = Math.floor(wall / DAY_MS);
  // 1970-01-01 was a Thursday: (day + 3) % 7 is 0 on Mondays.
  const monday = today - ((today + 3) % 7);
  if (wall < monday * DAY_MS + SEND_HOUR * 3_600_000) return null;
  const fromDay = monday - 7;
  return { key: dateOfDay(fromDay), fromDay, toDay: monday - 1, previousFromDay: fromDay - 7 };
}
