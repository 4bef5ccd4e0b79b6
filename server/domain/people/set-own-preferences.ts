import { SHIPPED_LANGUAGES } from '../../../common/i18n/languages.js';
import { message } from '../../../common/i18n/translator.js';
import type { UserRow } from '../../db/tables.js';
import { invalidField } from '../../errors.js';
import { canonicalTimeZone } from '../../settings/site-options.js';
import { type DomainContext, now } from '../context.js';

/** What a person may change of their own profile: null puts a field back to the site's. */
export interface OwnPreferences {
  language?: string | null;
  time_zone?: string | null;
}

/**
 * Sets the language a person reads the app and their mails in, and the zone their times are shown in. A language
 * must be one the service ships (the pseudo-locale is for testers, through `?lang=`); a zone is stored by its IANA
 * name as ICU spells it, so every later formatter accepts it.
 */
export async function setOwnPreferences(ctx: DomainContext, userId: number, change: OwnPreferences): Promise<UserRow> {
  const set: { language?: string | null; time_zone?: string | null } = {};
  if (change.language !== undefined) {
    if (change.language !== null && !(SHIPPED_LANGUAGES as readonly string[]).includes(change.language))
      throw invalidField('language', message('problems.profile.language', { languages: SHIPPED_LANGUAGES.join(', ') }));
    set.language = change.language;
  }
  if (change.time_zone !== undefined) {
    const zone = change.time_zone === null ? null : canonicalTimeZone(change.time_zone);
    if (change.time_zone !== null && zone === null) throw invalidField('time_zone', message('problems.profile.time_zone'));
    set.time_zone = zone;
  }
  return ctx.db
    .updateTable('users')
    .set({ ...set, updated_at: now() })
    .where('id', '=', userId)
    .returningAll()
    .executeTakeFirstOrThrow();
}
