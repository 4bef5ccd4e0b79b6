import { formatSiteTime, formatSiteTimeInFull } from '../../../common/format-site-time.js';
import { translator } from '../i18n/i18n.js';

// Every time on these screens is shown in one zone: the agent's own (their profile) if they chose one, else the
// site's (Settings → General), as the help site's pages and the mails do — never the browser's, so an agent
// abroad and the client read the same time. The words and digits are the reader's language's (Intl).
let siteTimeZone = 'UTC';
let ownTimeZone: string | null = null;

/** Sets the site's zone (from /me, and again when an admin changes it); an empty one keeps the zone it had. */
export function setSiteTimeZone(zone: string): void {
  if (zone) siteTimeZone = zone;
}

/** Sets the signed-in person's own zone from their profile; null: they read times in the site's. */
export function setOwnTimeZone(zone: string | null): void {
  ownTimeZone = zone || null;
}

/** The site's zone (what a profile without a zone of its own shows). */
export function getSiteTimeZone(): string {
  return siteTimeZone;
}

/** The zone times are shown in now: the person's own, else the site's. */
export function shownTimeZone(): string {
  return ownTimeZone ?? siteTimeZone;
}

/** An ISO time in the reader's language and the shown zone; `none` (default "never") for a missing one. */
export function timeText(iso: string | null, none?: string): string {
  const t = translator();
  if (!iso) return none ?? t.t('admin.time.never');
  if (Number.isNaN(new Date(iso).getTime())) return iso;
  // The words the help site and the mails print, in the reader's language ("2 Dec 2026, 14:05 CET" in English).
  return formatSiteTime(iso, shownTimeZone(), t.language);
}

/** The same time with the zone's long name and IANA id, for a tooltip. */
export function timeTextInFull(iso: string): string {
  if (Number.isNaN(new Date(iso).getTime())) return iso;
  return formatSiteTimeInFull(iso, shownTimeZone(), translator().language);
}
