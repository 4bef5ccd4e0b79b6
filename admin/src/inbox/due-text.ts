import type { Translator } from '../../../common/i18n/translator.js';

/** How near a due time is: past it (or at it), within the hour, or later. */
export type DueTone = 'overdue' | 'soon' | 'later';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * A next due time in words, from `now`: "due in 25 min", "overdue 2 h", "due now" in its first minute past; the
 * amount in the reader's language by Intl (minutes below an hour, hours below two days, then days; the minutes
 * to come are rounded up, so "due in 1 min" is never already late; the rest is rounded down). The tone follows the
 * inbox's views: overdue at the due time, soon within the hour (due-views.ts on the server).
 */
export function dueText(tr: Pick<Translator, 't' | 'number'>, dueAt: string, now: number): { text: string; tone: DueTone } {
  const left = Date.parse(dueAt) - now;
  if (left <= 0) {
    const late = -left;
    if (late < MINUTE) return { text: tr.t('admin.due.now'), tone: 'overdue' };
    return { text: tr.t('admin.due.overdue', { time: amount(tr, late, Math.floor) }), tone: 'overdue' };
  }
  return { text: tr.t('admin.due.in', { time: amount(tr, left, Math.ceil) }), tone: left <= HOUR ? 'soon' : 'later' };
}

function amount(tr: Pick<Translator, 'number'>, ms: number, round: (n: number) => number): string {
  const unit = (value: number, name: 'minute' | 'hour' | 'day') => tr.number(value, { style: 'unit', unit: name, unitDisplay: 'short' });
  const minutes = round(ms / MINUTE);
  if (minutes < 60) return unit(Math.max(1, minutes), 'minute');
  const hours = Math.floor(ms / HOUR);
  if (ms < 2 * DAY) return unit(hours, 'hour');
  return unit(Math.floor(ms / DAY), 'day');
}
