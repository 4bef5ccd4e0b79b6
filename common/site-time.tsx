import { formatSiteTime, formatSiteTimeInFull } from './format-site-time.js';

/**
 * A stored time as one element, the same on the help site's pages and in the admin app: the date and time in
 * the site's zone (in the reader's language), the machine-readable instant in `datetime`, the zone's full name in the tooltip.
 */
export function SiteTime({
  iso,
  timeZone,
  className,
  language = 'en',
}: {
  iso: string;
  timeZone: string;
  className?: string;
  /** The reader's language (a BCP 47 tag): the words and digits of the date; English when not given. */
  language?: string;
}) {
  return (
    <time dateTime={iso} title={formatSiteTimeInFull(iso, timeZone, language)} className={className}>
      {formatSiteTime(iso, timeZone, language)}
    </time>
  );
}
