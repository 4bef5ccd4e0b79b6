// The wall clock of an IANA zone through Intl, for the business clock and the reports' periods alike.

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The zone's formatter, made once; an unknown zone throws a RangeError. */
export function zoneFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The local wall-clock time of instant `t` in `zone`, as milliseconds on a UTC scale ("wall ms"). */
export function wallOf(zone: string, t: number): number {
  const parts: Record<string, number> = {};
  for (const part of zoneFormatter(zone).formatToParts(new Date(t))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const seconds = Date.UTC(parts.year ?? 0, (parts.month ?? 1) - 1, parts.day ?? 1, parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0);
  return seconds + (((t % 1000) + 1000) % 1000);
}
