import { formatSiteTime } from '../../../common/format-site-time.js';

// The site's time zone (Settings → General), as /me and the sign-in answer give it: every time on these
// screens is shown in it, as the help site's pages and the mails do, never in the browser's own zone, so an
// agent abroad and the client read the same "2 Dec 2026, 14:05".
let siteTimeZone = 'UTC';

/** Sets the zone the admin app shows times in (from /me, and again when an admin changes it). */
export function setSiteTimeZone(zone: string): void {
  if (zone) siteTimeZone = zone;
}

/** The zone times are shown in now. */
export function getSiteTimeZone(): string {
  return siteTimeZone;
}

/** An ISO time as "2 Dec 2026, 14:05 CET" in the site's zone; `none` for a missing one. */
export function timeText(iso: string | null, none = 'never'): string {
  return iso ? formatSiteTime(iso, siteTimeZone) : none;
}
