/**
 * A stored time (ISO-8601 UTC) as people read it in the site's time zone: "2026-11-25 14:05 CET".
 * An unknown zone falls back to UTC rather than failing the page.
 */
export function formatSiteTime(iso: string, timeZone: string): string {
  const date = new Date(iso);
  const format = (zone: string) =>
    new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'short',
    })
      .format(date)
      .replace(',', '');
  try {
    return format(timeZone);
  } catch {
    return format('UTC');
  }
}
