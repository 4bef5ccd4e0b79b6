import { describe, expect, it } from 'vitest';
import { addBusinessSeconds, businessSecondsBetween, type Schedule } from './business-time.js';

const nineToFive = { start: '09:00', end: '17:00' };
const WEEK: Schedule = {
  timeZone: 'Europe/Berlin',
  week: [[], [nineToFive], [nineToFive], [nineToFive], [nineToFive], [nineToFive], []],
  overrides: [],
};

describe('business time, the cases of issue 36 (what the SLA code relies on, whichever implementation merges)', () => {
  it('a ticket filed Friday 16:30 with 60 minutes on Mon–Fri 09:00–17:00 is due Monday 09:30', () => {
    expect(addBusinessSeconds(WEEK, new Date('2026-12-04T15:30:00Z'), 3600).toISOString()).toBe('2026-12-07T08:30:00.000Z');
  });

  it('…or Tuesday 09:30 when that Monday is a holiday', () => {
    const holiday = { ...WEEK, overrides: [{ date: '2026-12-07', intervals: [] }] };
    expect(addBusinessSeconds(holiday, new Date('2026-12-04T15:30:00Z'), 3600).toISOString()).toBe('2026-12-08T08:30:00.000Z');
  });

  it('with 08:00–12:00 and 13:30–18:00, 30 minutes from 11:45 is due 13:45', () => {
    const day = [
      { start: '08:00', end: '12:00' },
      { start: '13:30', end: '18:00' },
    ];
    const split: Schedule = { timeZone: 'Europe/Berlin', week: [[], day, day, day, day, day, []], overrides: [] };
    expect(addBusinessSeconds(split, new Date('2026-12-07T10:45:00Z'), 1800).toISOString()).toBe('2026-12-07T12:45:00.000Z');
    expect(businessSecondsBetween(split, new Date('2026-12-07T10:45:00Z'), new Date('2026-12-07T12:45:00Z'))).toBe(1800);
  });

  it('around the clock (null) counts every second', () => {
    expect(addBusinessSeconds(null, new Date('2026-12-04T15:30:00Z'), 90).toISOString()).toBe('2026-12-04T15:31:30.000Z');
    expect(businessSecondsBetween(null, new Date('2026-12-04T15:30:00Z'), new Date('2026-12-04T15:31:30Z'))).toBe(90);
  });
});
