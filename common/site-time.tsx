import { formatSiteTime, formatSiteTimeInFull } from './format-site-time.js';

/**
 * A stored time as one element, the same on the help site's pages and in the admin app: the date and time in
 * the site's zone, the machine-readable instant in `datetime`, the zone's full name in the tooltip.
 */
export function SiteTime({ iso, timeZone, className }: { iso: string; timeZone: string; className?: string }) {
  return (
    <time dateTime={iso} title={formatSiteTimeInFull(iso, timeZone)} className={className}>
      {formatSiteTime(iso, timeZone)}
    </time>
  );
}
