import { describe, expect, it } from 'vitest';
import {
  addDays,
  type Bucket,
  chartedValue,
  durationParts,
  periodLabel,
  type Report,
  reportPath,
  ticketsCsvPath,
  todayIn,
  trendOf,
  twoWeeks,
  weekFigures,
} from './report-shape.js';

const bucket = (key: string, fields: Partial<Bucket> = {}): Bucket => ({
  key,
  label: null,
  n: 0,
  median_s: null,
  p90_s: null,
  mean_s: null,
  yes: null,
  share: null,
  ...fields,
});
const report = (metric: string, buckets: Bucket[]): Report => ({
  metric,
  definition: '',
  statistics: null,
  from: '2026-11-23',
  to: '2026-12-03',
  tz: 'UTC',
  group_by: 'week',
  hours: 'calendar',
  buckets,
});

describe('the overview weeks', () => {
  it('runs from last week’s Monday to today, whatever weekday today is', () => {
    // 2026-12-03 is a Thursday.
    expect(twoWeeks('2026-12-03')).toEqual({ from: '2026-11-23', to: '2026-12-03', thisWeek: '2026-11-30', lastWeek: '2026-11-23' });
    // On a Monday this week is that day alone; on a Sunday it is the six days before too.
    expect(twoWeeks('2026-11-30')).toMatchObject({ thisWeek: '2026-11-30', lastWeek: '2026-11-23' });
    expect(twoWeeks('2026-12-06')).toMatchObject({ thisWeek: '2026-11-30', lastWeek: '2026-11-23' });
  });
  it('counts days across months and years', () => {
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
  it('takes today in the report’s zone, not the browser’s', () => {
    // 23:30 UTC on 2 December is already 3 December in Berlin and still 2 December in New York.
    const now = new Date('2026-12-02T23:30:00Z');
    expect(todayIn('Europe/Berlin', now)).toBe('2026-12-03');
    expect(todayIn('America/New_York', now)).toBe('2026-12-02');
  });
});

describe('a bucket’s charted value', () => {
  it('is the count, the median time, or the share; nothing where there is nothing to sum up', () => {
    expect(chartedValue('count', bucket('a', { n: 4 }))).toBe(4);
    expect(chartedValue('time', bucket('a', { n: 3, median_s: 600, mean_s: 900 }))).toBe(600);
    expect(chartedValue('time', bucket('a'))).toBeNull();
    expect(chartedValue('share', bucket('a', { n: 4, yes: 3, share: 0.75 }))).toBe(0.75);
    expect(chartedValue('share', bucket('a'))).toBeNull();
  });
});

describe('this week against last', () => {
  const weeks = { thisWeek: '2026-11-30', lastWeek: '2026-11-23' };
  it('reads each week’s bucket and says which way it went', () => {
    expect(weekFigures(report('created', [bucket('2026-11-23', { n: 2 }), bucket('2026-11-30', { n: 5 })]), weeks)).toEqual({
      kind: 'count',
      current: 5,
      previous: 2,
      trend: 'up',
    });
    const times = report('first_reply', [bucket('2026-11-23', { n: 1, median_s: 900 }), bucket('2026-11-30', { n: 2, median_s: 300 })]);
    expect(weekFigures(times, weeks)).toMatchObject({ kind: 'time', current: 300, previous: 900, trend: 'down' });
  });
  it('compares nothing with a week without times or answers, while a missing count is zero', () => {
    expect(weekFigures(report('satisfaction', [bucket('2026-11-30', { n: 1, yes: 1, share: 1 })]), weeks).trend).toBe('none');
    expect(weekFigures(report('created', [bucket('2026-11-30', { n: 1 })]), weeks)).toMatchObject({ previous: 0, trend: 'up' });
    expect(trendOf(3, 3)).toBe('same');
  });
});

describe('paths', () => {
  const query = { from: '2026-11-01', to: '2026-11-30', tz: 'Europe/Berlin', group_by: 'week' as const, hours: 'business' as const };
  it('asks the API for the metric with every control, and the same with format=csv for the download', () => {
    expect(reportPath('first_reply', query)).toBe(
      '/reports/first_reply?from=2026-11-01&to=2026-11-30&tz=Europe%2FBerlin&group_by=week&hours=business',
    );
    expect(reportPath('created', query, true)).toMatch(/^\/reports\/created\?.*&format=csv$/);
    expect(ticketsCsvPath(query)).toBe('/reports/tickets.csv?from=2026-11-01&to=2026-11-30&tz=Europe%2FBerlin');
  });
});

describe('durations', () => {
  it('shows minutes under an hour, hours under two days, else days', () => {
    expect(durationParts(285 * 60)).toEqual({ value: 4.8, unit: 'hour' });
    expect(durationParts(90)).toEqual({ value: 2, unit: 'minute' });
    expect(durationParts(3 * 86400)).toEqual({ value: 3, unit: 'day' });
  });
});

describe('period labels', () => {
  const english = (value: string, style: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-GB', style).format(new Date(value));
  it('reads a day, a week and a month in words, whatever the browser’s zone; a dimension keeps its own name', () => {
    expect(periodLabel('2026-11-04', 'day', english)).toBe('4 Nov');
    expect(periodLabel('2026-11-30', 'week', english)).toBe('30 Nov');
    expect(periodLabel('2026-11', 'month', english)).toBe('Nov 2026');
    expect(periodLabel('7', 'tag', english)).toBeNull();
  });
});
