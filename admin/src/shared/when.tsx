import { SiteTime } from '../../../common/site-time.js';
import { getSiteTimeZone } from './time-text.js';

/** A time in the site's zone as a `<time>` element, the help site's own (common/site-time.tsx). */
export function When({ iso, className }: { iso: string; className?: string }) {
  return <SiteTime iso={iso} timeZone={getSiteTimeZone()} className={className} />;
}
