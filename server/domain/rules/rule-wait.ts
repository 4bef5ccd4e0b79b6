import { addBusinessSeconds, minutesOfClock, type Schedule } from '../business-hours/business-time.js';
import type { RuleWait } from './rule.js';

const HOUR_SECONDS = 3600;
const DAY_SECONDS = 24 * HOUR_SECONDS;

/**
 * The business seconds of one business day on `schedule`: its week's business time over its open days (8 hours for
 * Monday to Friday 09:00–17:00), so "3 business days" from Wednesday 10:00 ends Monday 10:00 on such a week.
 */
export function businessDaySeconds(schedule: Schedule): number {
  let seconds = 0;
  let openDays = 0;
  for (const day of schedule.week) {
    const daySeconds = day.reduce((sum, { start, end }) => sum + ((minutesOfClock(end) ?? 0) - (minutesOfClock(start) ?? 0)) * 60, 0);
    if (daySeconds > 0) openDays += 1;
    seconds += daySeconds;
  }
  return openDays === 0 ? DAY_SECONDS : seconds / openDays;
}

/** When a wait that began at `since` is over: calendar time, or business time on `schedule` (null: around the clock). */
export function waitEnds(wait: RuleWait, since: Date, schedule: Schedule | null): Date {
  if (wait.clock === 'calendar')
    return new Date(since.getTime() + wait.amount * (wait.unit === 'days' ? DAY_SECONDS : HOUR_SECONDS) * 1000);
  const unit = wait.unit === 'hours' ? HOUR_SECONDS : schedule ? businessDaySeconds(schedule) : DAY_SECONDS;
  return addBusinessSeconds(schedule, since, wait.amount * unit);
}

/**
 * The least calendar time the wait takes (business time runs no faster than the clock): tickets changed later
 * than this before now cannot be due, so the sweep reads only older ones.
 */
export function shortestWaitMs(wait: RuleWait, schedule: Schedule | null): number {
  if (wait.clock === 'calendar' || wait.unit === 'hours') return wait.amount * (wait.unit === 'days' ? DAY_SECONDS : HOUR_SECONDS) * 1000;
  return wait.amount * (schedule ? businessDaySeconds(schedule) : DAY_SECONDS) * 1000;
}
