import { describe, expect, it } from 'vitest';
import type { Schedule } from '../business-hours/business-time.js';
import { businessDaySeconds, waitEnds } from './rule-wait.js';

const nine2five = [{ start: '09:00', end: '17:00' }];
const weekdays: Schedule = { timeZone: 'UTC', week: [[], nine2five, nine2five, nine2five, nine2five, nine2five, []], overrides: [] };
const wednesday10 = new Date('2026-12-09T10:00:00Z');

describe('a time rule’s wait', () => {
  it('a business day is the schedule’s working day: 8 hours on a 09:00–17:00 week', () => {
    expect(businessDaySeconds(weekdays)).toBe(8 * 3600);
  });

  it('3 business days from Wednesday 10:00 end on Monday 10:00, over the weekend', () => {
    const ends = waitEnds({ status: 'waiting', amount: 3, unit: 'days', clock: 'business' }, wednesday10, weekdays);
    expect(ends.toISOString()).toBe('2026-12-14T10:00:00.000Z');
  });

  it('business hours count only open hours: 8 business hours from Wednesday 10:00 end Thursday 10:00', () => {
    const ends = waitEnds({ status: 'waiting', amount: 8, unit: 'hours', clock: 'business' }, wednesday10, weekdays);
    expect(ends.toISOString()).toBe('2026-12-10T10:00:00.000Z');
  });

  it('calendar days run through the weekend', () => {
    const ends = waitEnds({ status: 'waiting', amount: 3, unit: 'days', clock: 'calendar' }, wednesday10, weekdays);
    expect(ends.toISOString()).toBe('2026-12-12T10:00:00.000Z');
  });
});
