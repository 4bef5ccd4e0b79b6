import { Type } from '@sinclair/typebox';
import { BUSINESS_HOURS_INTERVALS_PER_DAY_MAX, BUSINESS_HOURS_NAME_MAX, BUSINESS_HOURS_OVERRIDES_MAX } from '../../../../common/limits.js';
import { CLOCK_PATTERN, DATE_PATTERN } from '../../../domain/business-hours/check-business-hours.js';
import { Label } from '../shared.schema.js';

const Clock = Type.String({ pattern: CLOCK_PATTERN, description: 'Local time of day, HH:MM; 24:00 is the end of the day' });

const IntervalSchema = Type.Object(
  { start: Clock, end: Type.String({ pattern: CLOCK_PATTERN, description: 'Local time of day, HH:MM, after `start`; 24:00 allowed' }) },
  { additionalProperties: false },
);

const Day = Type.Array(IntervalSchema, {
  maxItems: BUSINESS_HOURS_INTERVALS_PER_DAY_MAX,
  description: 'The day’s open intervals (several for a lunch break), not overlapping; [] = closed',
});

const Week = Type.Array(Day, {
  minItems: 7,
  maxItems: 7,
  description: 'Seven days, Sunday first (index 0 = Sunday … 6 = Saturday); at least one interval in the week',
});

const Override = Type.Object(
  {
    date: Type.String({ pattern: DATE_PATTERN, description: 'A local date, YYYY-MM-DD; each date once' }),
    name: Type.Optional(
      Type.String({ maxLength: BUSINESS_HOURS_NAME_MAX, format: 'single-line', description: 'What the day is, e.g. Christmas Day' }),
    ),
    intervals: Type.Array(IntervalSchema, {
      maxItems: BUSINESS_HOURS_INTERVALS_PER_DAY_MAX,
      description: 'Its hours in place of its weekday’s; [] = closed (a holiday)',
    }),
  },
  { additionalProperties: false },
);

const Overrides = Type.Array(Override, {
  maxItems: BUSINESS_HOURS_OVERRIDES_MAX,
  description: 'Holidays and special days; on a change, the whole list (dates left out are removed)',
});

const TimeZone = Type.Union([Type.String({ minLength: 1, maxLength: 64 }), Type.Null()], {
  description: 'IANA time zone, e.g. Europe/Berlin (offsets such as +01:00 are refused: they ignore daylight saving); null: the site’s',
});

const IsDefault = Type.Boolean({ description: 'The schedule used where none is chosen; true moves the mark here from the old default' });

export const BusinessHoursCreateBody = Type.Object(
  {
    name: Label(BUSINESS_HOURS_NAME_MAX),
    time_zone: Type.Optional(TimeZone),
    week: Week,
    overrides: Type.Optional(Overrides),
    is_default: Type.Optional(IsDefault),
  },
  { additionalProperties: false },
);

export const BusinessHoursUpdateBody = Type.Object(
  {
    name: Type.Optional(Label(BUSINESS_HOURS_NAME_MAX)),
    time_zone: Type.Optional(TimeZone),
    week: Type.Optional(Week),
    overrides: Type.Optional(Overrides),
    is_default: Type.Optional(IsDefault),
  },
  { additionalProperties: false, minProperties: 1 },
);

export const BusinessHoursSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  time_zone: Type.Union([Type.String(), Type.Null()], { description: 'The zone chosen; null: it follows the site’s time zone' }),
  effective_time_zone: Type.String({ description: 'The zone its times are read in now' }),
  week: Type.Array(Type.Array(Type.Object({ start: Type.String(), end: Type.String() })), { description: 'Sunday first' }),
  overrides: Type.Array(
    Type.Object({
      date: Type.String(),
      name: Type.String(),
      intervals: Type.Array(Type.Object({ start: Type.String(), end: Type.String() }), { description: '[] = closed' }),
    }),
    { description: 'By date' },
  ),
  is_default: Type.Boolean(),
  created: Type.String(),
  modified: Type.String(),
});
