import { expect, it } from 'vitest';
import { updateSiteOptions } from '../../settings/site-options.js';
import { describeEachDatabase } from '../../test/test-databases.js';
import { useTestHelpdesk } from '../../test/test-helpdesk.js';
import { addBusinessSeconds } from './business-time.js';
import { createBusinessHours } from './create-business-hours.js';
import { deleteBusinessHours } from './delete-business-hours.js';
import { getBusinessSchedule, getDefaultBusinessHours } from './get-business-hours.js';
import { listBusinessHours } from './list-business-hours.js';
import { updateBusinessHours } from './update-business-hours.js';

const day = [{ start: '09:00', end: '17:00' }];
const weekdays = [[], day, day, day, day, day, []];
const refused = (...fields: string[]) => ({ code: 'VALIDATION_FAILED', errors: fields.map((field) => expect.objectContaining({ field })) });

describeEachDatabase('business hours: stored schedules, the default, their checks', (dialect) => {
  // One database for the suite (a fresh one per case costs seconds on PostgreSQL): the first case reads it as
  // the migration left it, the others make what they check.
  const hd = useTestHelpdesk(dialect);

  it('the migration makes one default schedule, Mon–Fri 09:00–17:00, following the site’s time zone', async () => {
    const [only, ...others] = await listBusinessHours(hd.ctx);
    expect(others).toEqual([]);
    expect(only).toMatchObject({ isDefault: true, timeZone: null, effectiveTimeZone: 'UTC', week: weekdays, overrides: [] });
    // A zone chosen at setup, after the migration ran, is the default's too.
    await updateSiteOptions(hd.ctx.db, { time_zone: 'Europe/Berlin' });
    expect((await getDefaultBusinessHours(hd.ctx.db)).effectiveTimeZone).toBe('Europe/Berlin');
    const schedule = await getBusinessSchedule(hd.ctx.db, undefined);
    // Friday 16:30 Berlin + 60 min → Monday 09:30 Berlin.
    expect(addBusinessSeconds(schedule, new Date('2026-11-27T15:30:00Z'), 3600).toISOString()).toBe('2026-11-30T08:30:00.000Z');
    expect(await getBusinessSchedule(hd.ctx.db, null)).toBeNull();
  });

  it('a schedule keeps its zone in canonical spelling, its days sorted, and its holidays and special days by date', async () => {
    const made = await createBusinessHours(hd.ctx, {
      name: ' Support Berlin ',
      timeZone: 'europe/berlin',
      week: [
        [],
        [
          { start: '13:30', end: '18:00' },
          { start: '08:00', end: '12:00' },
        ],
        [],
        [],
        [],
        [],
        [],
      ],
      overrides: [
        { date: '2026-12-31', name: 'New Year’s Eve', intervals: [{ start: '09:00', end: '12:00' }] },
        { date: '2026-12-25', name: 'Christmas Day', intervals: [] },
      ],
    });
    expect(made).toMatchObject({ name: 'Support Berlin', timeZone: 'Europe/Berlin', isDefault: false });
    expect(made.week[1]).toEqual([
      { start: '08:00', end: '12:00' },
      { start: '13:30', end: '18:00' },
    ]);
    expect(made.overrides.map((o) => o.date)).toEqual(['2026-12-25', '2026-12-31']);
    const schedule = await getBusinessSchedule(hd.ctx.db, made.id);
    expect(schedule).toMatchObject({ timeZone: 'Europe/Berlin', overrides: [{ date: '2026-12-25', intervals: [] }, expect.anything()] });
  });

  it('refuses, naming each field: bad zone, bad time, start after end, overlapping intervals, bad and repeated dates', async () => {
    const attempt = createBusinessHours(hd.ctx, {
      name: 'Broken',
      timeZone: '+01:00',
      week: [
        [],
        [{ start: '9:00', end: '17:00' }],
        [{ start: '17:00', end: '09:00' }],
        [
          { start: '09:00', end: '17:00' },
          { start: '10:00', end: '11:00' },
          { start: '12:00', end: '13:00' },
        ],
        day,
        day,
        [],
      ],
      overrides: [
        { date: '2026-02-30', name: '', intervals: [] },
        { date: '2026-12-24', name: '', intervals: [] },
        { date: '2026-12-24', name: '', intervals: [] },
      ],
    });
    await expect(attempt).rejects.toMatchObject(
      refused('time_zone', 'week.1.0.start', 'week.2.0.end', 'week.3.1', 'week.3.2', 'overrides.0.date', 'overrides.2.date'),
    );
    expect((await listBusinessHours(hd.ctx)).map((h) => h.name)).not.toContain('Broken');
  });

  it('refuses a week without any hours, which would never reach a due time', async () => {
    await expect(createBusinessHours(hd.ctx, { name: 'Never', timeZone: null, week: [[], [], [], [], [], [], []] })).rejects.toMatchObject(
      refused('week'),
    );
  });

  it('making another schedule the default moves the mark; the default can neither be unmarked nor deleted', async () => {
    const original = await getDefaultBusinessHours(hd.ctx.db);
    await expect(updateBusinessHours(hd.ctx, original.id, { isDefault: false })).rejects.toMatchObject(refused('is_default'));
    await expect(deleteBusinessHours(hd.ctx, original.id)).rejects.toMatchObject({ code: 'CONFLICT' });
    const other = await createBusinessHours(hd.ctx, { name: 'Late shift', timeZone: 'America/New_York', week: weekdays, isDefault: true });
    expect(other.isDefault).toBe(true);
    expect((await getDefaultBusinessHours(hd.ctx.db)).id).toBe(other.id);
    expect((await listBusinessHours(hd.ctx)).filter((h) => h.isDefault).map((h) => h.id)).toEqual([other.id]);
    await deleteBusinessHours(hd.ctx, original.id);
    expect((await listBusinessHours(hd.ctx)).map((h) => h.id)).not.toContain(original.id);
  });

  it('an update replaces only the fields given, the overrides as a whole list', async () => {
    const made = await createBusinessHours(hd.ctx, {
      name: 'Shop',
      timeZone: 'Europe/Paris',
      week: weekdays,
      overrides: [{ date: '2026-07-14', name: 'Fête nationale', intervals: [] }],
    });
    const renamed = await updateBusinessHours(hd.ctx, made.id, { name: 'Shop floor' });
    expect(renamed).toMatchObject({ name: 'Shop floor', timeZone: 'Europe/Paris', overrides: [{ date: '2026-07-14' }] });
    await updateSiteOptions(hd.ctx.db, { time_zone: 'Asia/Tokyo' });
    const followed = await updateBusinessHours(hd.ctx, made.id, { timeZone: null, overrides: [] });
    expect(followed).toMatchObject({ timeZone: null, effectiveTimeZone: 'Asia/Tokyo', overrides: [] });
    await expect(updateBusinessHours(hd.ctx, made.id + 100, { name: 'x' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await deleteBusinessHours(hd.ctx, made.id);
    await expect(getBusinessSchedule(hd.ctx.db, made.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
