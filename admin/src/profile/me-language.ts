import { languageFromAcceptLanguage } from '../../../common/i18n/languages.js';
import type { Me } from '../api/api.js';
import { applyLanguage } from '../i18n/i18n.js';
import { setOwnTimeZone, setSiteTimeZone } from '../shared/time-text.js';

/** The first shipped language the browser asks for (`navigator.languages`, in order), or null for none. */
export function browserLanguage(): string | null {
  const asked = navigator.languages?.length ? navigator.languages.join(',') : navigator.language;
  return languageFromAcceptLanguage(asked);
}

/**
 * Shows the app as /me (or the sign-in's answer) says: a signed-in agent or admin in the language and zone of
 * their profile, else the site's; the sign-in form (nobody known yet) in the browser's language, else the site's.
 */
export function showLanguageOf(me: Me): Promise<void> {
  const staff = me.user && me.user.role !== 'client' ? me.user : null;
  setSiteTimeZone(me.time_zone);
  setOwnTimeZone(staff?.time_zone ?? null);
  const language = staff ? (staff.language ?? me.site_language) : (browserLanguage() ?? me.site_language);
  return applyLanguage(language, staff?.time_zone ?? me.time_zone);
}
