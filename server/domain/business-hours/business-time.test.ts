import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addBusinessSeconds, businessSecondsBetween, type Interval, NoBusinessHoursError, type Schedule } from './business-time.js';

const MIN = 60;
const HOUR = 3600;
const nine2five: Interval[] = [{ start: '09:00', end: '17:00' }];
const weekdays = (day: Interval[]): Interval[][] => [[], day, day, day, day, day, []];
const everyDay = (day: Interval[]): Interval[][] => Array.from({ length: 7 }, () => day);
const schedule = (timeZone: string, week: Interval[][], overrides: Schedule['overrides'] = []): Schedule => ({
  timeZone,
  week,
  overrides,
});
const at = (iso: string) => new Date(iso);

describe('business time: the issue’s cases', () => {
  const office = schedule('Europe/Berlin', weekdays(nine2five));

  it('Friday 16:30 plus 60 minutes on Mon–Fri 09:00–17:00 is Monday 09:30', () => {
    // 2026-11-27 is a Friday; Berlin is UTC+1 in November.
    expect(addBusinessSeconds(office, at('2026-11-27T15:30:00Z'), 60 * MIN).toISOString()).toBe('2026-11-30T08:30:00.000Z');
  });

  it('is Tuesday 09:30 when that Monday is a holiday', () => {
    const holiday = schedule('Europe/Berlin', weekdays(nine2five), [{ date: '2026-11-30', intervals: [] }]);
    expect(addBusinessSeconds(holiday, at('2026-11-27T15:30:00Z'), 60 * MIN).toISOString()).toBe('2026-12-01T08:30:00.000Z');
  });

  it('with 08:00–12:00 and 13:30–18:00, 11:45 plus 30 minutes is 13:45', () => {
    const split = schedule(
      'Europe/Berlin',
      weekdays([
        { start: '08:00', end: '12:00' },
        { start: '13:30', end: '18:00' },
      ]),
    );
    expect(addBusinessSeconds(split, at('2026-12-01T10:45:00Z'), 30 * MIN).toISOString()).toBe('2026-12-01T12:45:00.000Z');
  });

  it('a target that ends exactly at closing time is due at closing, not the next morning', () => {
    expect(addBusinessSeconds(office, at('2026-11-27T15:00:00Z'), 60 * MIN).toISOString()).toBe('2026-11-27T16:00:00.000Z');
  });

  it('time before opening does not count: Monday 07:00 plus 30 minutes is 09:30', () => {
    expect(addBusinessSeconds(office, at('2026-11-30T06:00:00Z'), 30 * MIN).toISOString()).toBe('2026-11-30T08:30:00.000Z');
  });
});

describe('business time across daylight saving', () => {
  it('Europe/Berlin, spring: Friday 16:30 CET plus 60 minutes is Monday 09:30 CEST', () => {
    const office = schedule('Europe/Berlin', weekdays(nine2five));
    // Clocks go forward on Sunday 2026-03-29.
    expect(addBusinessSeconds(office, at('2026-03-27T15:30:00Z'), 60 * MIN).toISOString()).toBe('2026-03-30T07:30:00.000Z');
  });

  it('Europe/Berlin, autumn: Friday 16:30 CEST plus 60 minutes is Monday 09:30 CET', () => {
    const office = schedule('Europe/Berlin', weekdays(nine2five));
    // Clocks go back on Sunday 2026-10-25.
    expect(addBusinessSeconds(office, at('2026-10-23T14:30:00Z'), 60 * MIN).toISOString()).toBe('2026-10-26T08:30:00.000Z');
  });

  it('America/New_York: Friday 16:30 EST plus 60 minutes is Monday 09:30 EDT, and back in November', () => {
    const office = schedule('America/New_York', weekdays(nine2five));
    expect(addBusinessSeconds(office, at('2026-03-06T21:30:00Z'), 60 * MIN).toISOString()).toBe('2026-03-09T13:30:00.000Z');
    expect(addBusinessSeconds(office, at('2026-10-30T20:30:00Z'), 60 * MIN).toISOString()).toBe('2026-11-02T14:30:00.000Z');
  });

  it('a whole day open counts 23 hours on the spring day and 25 on the autumn day, in both zones', () => {
    const allDay = [{ start: '00:00', end: '24:00' }];
    const berlin = schedule('Europe/Berlin', everyDay(allDay));
    const newYork = schedule('America/New_York', everyDay(allDay));
    // Midnight to midnight, local.
    expect(businessSecondsBetween(berlin, at('2026-03-28T23:00:00Z'), at('2026-03-29T22:00:00Z'))).toBe(23 * HOUR);
    expect(businessSecondsBetween(berlin, at('2026-10-24T22:00:00Z'), at('2026-10-25T23:00:00Z'))).toBe(25 * HOUR);
    expect(businessSecondsBetween(newYork, at('2026-03-08T05:00:00Z'), at('2026-03-09T04:00:00Z'))).toBe(23 * HOUR);
    expect(businessSecondsBetween(newYork, at('2026-11-01T04:00:00Z'), at('2026-11-02T05:00:00Z'))).toBe(25 * HOUR);
  });

  it('an interval over the skipped hour counts only the hours that exist; one starting inside it starts at 03:00', () => {
    const night = (start: string, end: string) => schedule('Europe/Berlin', [[{ start, end }], [], [], [], [], [], []]);
    // Sunday 2026-03-29, local 01:00–04:00: 00:00Z to 02:00Z.
    expect(businessSecondsBetween(night('01:00', '04:00'), at('2026-03-28T00:00:00Z'), at('2026-03-30T00:00:00Z'))).toBe(2 * HOUR);
    expect(businessSecondsBetween(night('02:30', '05:00'), at('2026-03-28T00:00:00Z'), at('2026-03-30T00:00:00Z'))).toBe(2 * HOUR);
    // 01:30 + 60 min: half an hour to 02:00, which is 03:00, then half an hour more.
    expect(addBusinessSeconds(night('01:00', '04:00'), at('2026-03-29T00:30:00Z'), 60 * MIN).toISOString()).toBe(
      '2026-03-29T01:30:00.000Z',
    );
  });

  it('an interval over the repeated hour counts the real elapsed time, and two meeting inside it count it once', () => {
    const sunday = (intervals: Interval[]) => schedule('Europe/Berlin', [intervals, [], [], [], [], [], []]);
    const span = [at('2026-10-24T00:00:00Z'), at('2026-10-26T00:00:00Z')] as const;
    expect(businessSecondsBetween(sunday([{ start: '01:00', end: '04:00' }]), ...span)).toBe(4 * HOUR);
    const twoParts = sunday([
      { start: '00:00', end: '02:30' },
      { start: '02:30', end: '06:00' },
    ]);
    // 00:00 CEST (22:00Z) to 06:00 CET (05:00Z).
    expect(businessSecondsBetween(twoParts, ...span)).toBe(7 * HOUR);
    expect(addBusinessSeconds(twoParts, at('2026-10-24T22:00:00Z'), 7 * HOUR).toISOString()).toBe('2026-10-25T05:00:00.000Z');
  });
});

describe('business time: breaks and overrides', () => {
  const lunch = schedule(
    'Europe/Berlin',
    weekdays([
      { start: '09:00', end: '12:00' },
      { start: '13:00', end: '17:00' },
    ]),
  );

  it('a lunch break is skipped: Monday 11:30 plus 2 hours is 14:30', () => {
    expect(addBusinessSeconds(lunch, at('2026-11-30T10:30:00Z'), 2 * HOUR).toISOString()).toBe('2026-11-30T13:30:00.000Z');
  });

  it('counts the hours between two times without the break or the night', () => {
    // Monday 08:00 to Tuesday 10:00: 7 hours on Monday, 1 on Tuesday.
    expect(businessSecondsBetween(lunch, at('2026-11-30T07:00:00Z'), at('2026-12-01T09:00:00Z'))).toBe(8 * HOUR);
  });

  it('a special day keeps its own hours and a holiday none: Christmas Eve 11:00 plus 2 hours is Monday 10:00', () => {
    const christmas = schedule('Europe/Berlin', weekdays(nine2five), [
      { date: '2026-12-24', intervals: [{ start: '09:00', end: '12:00' }] },
      { date: '2026-12-25', intervals: [] },
    ]);
    expect(addBusinessSeconds(christmas, at('2026-12-24T10:00:00Z'), 2 * HOUR).toISOString()).toBe('2026-12-28T09:00:00.000Z');
  });

  it('an override opens a day the week keeps closed', () => {
    const saturday = schedule('Europe/Berlin', weekdays(nine2five), [
      { date: '2026-11-28', intervals: [{ start: '10:00', end: '14:00' }] },
    ]);
    expect(addBusinessSeconds(saturday, at('2026-11-27T15:30:00Z'), 60 * MIN).toISOString()).toBe('2026-11-28T09:30:00.000Z');
    expect(businessSecondsBetween(saturday, at('2026-11-28T00:00:00Z'), at('2026-11-29T00:00:00Z'))).toBe(4 * HOUR);
  });
});

describe('business time: edges', () => {
  it('without a schedule the clock runs around the clock', () => {
    expect(addBusinessSeconds(null, at('2026-11-27T15:30:00Z'), 90 * MIN).toISOString()).toBe('2026-11-27T17:00:00.000Z');
    expect(businessSecondsBetween(null, at('2026-11-27T15:30:00Z'), at('2026-11-27T17:00:00Z'))).toBe(90 * MIN);
  });

  it('counts nothing when the end is not after the start', () => {
    const office = schedule('UTC', weekdays(nine2five));
    expect(businessSecondsBetween(office, at('2026-11-30T12:00:00Z'), at('2026-11-30T10:00:00Z'))).toBe(0);
    expect(businessSecondsBetween(office, at('2026-11-30T12:00:00Z'), at('2026-11-30T12:00:00Z'))).toBe(0);
  });

  it('a schedule with no hours throws a clear error instead of looping; one later override is still reached', () => {
    const empty = schedule('UTC', everyDay([]));
    expect(() => addBusinessSeconds(empty, at('2026-11-30T12:00:00Z'), 60)).toThrow(NoBusinessHoursError);
    const once = schedule('UTC', everyDay([]), [{ date: '2027-01-04', intervals: [{ start: '09:00', end: '10:00' }] }]);
    expect(addBusinessSeconds(once, at('2026-11-30T12:00:00Z'), 60 * MIN).toISOString()).toBe('2027-01-04T10:00:00.000Z');
    expect(() => addBusinessSeconds(once, at('2026-11-30T12:00:00Z'), 61 * MIN)).toThrow(NoBusinessHoursError);
  });

  it('refuses a negative target and an unknown zone', () => {
    const office = schedule('UTC', weekdays(nine2five));
    expect(() => addBusinessSeconds(office, at('2026-11-30T12:00:00Z'), -1)).toThrow(RangeError);
    expect(() => addBusinessSeconds(schedule('Mars/Olympus', weekdays(nine2five)), at('2026-11-30T12:00:00Z'), 60)).toThrow(RangeError);
  });

  it('adding business seconds and counting them back agree, across both daylight-saving changes', () => {
    const lunch = (timeZone: string) =>
      schedule(
        timeZone,
        [
          [{ start: '01:30', end: '03:30' }],
          ...weekdays([
            { start: '08:00', end: '12:00' },
            { start: '13:30', end: '18:00' },
          ]).slice(1, 6),
          [{ start: '00:00', end: '24:00' }],
        ],
        [{ date: '2026-03-10', intervals: [] }],
      );
    const zones = ['Europe/Berlin', 'America/New_York', 'Australia/Lord_Howe'];
    const start = Date.UTC(2026, 1, 20);
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        fc.integer({ min: 0, max: 300 * 24 * 60 }),
        fc.integer({ min: 0, max: 80 * HOUR }),
        (zone, minutes, seconds) => {
          const from = new Date(start + minutes * 60_000);
          const due = addBusinessSeconds(lunch(zone), from, seconds);
          return businessSecondsBetween(lunch(zone), from, due) === seconds && due >= from;
        },
      ),
      { numRuns: 150 },
    );
  });
});
