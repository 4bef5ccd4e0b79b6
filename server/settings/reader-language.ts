import type { Kysely } from 'kysely';
import type { Language } from '../../common/i18n/languages.js';
import type { Database } from '../db/tables.js';
import { chooseLanguage } from '../i18n/choose-language.js';
import { getSiteOptions } from './site-options.js';

/**
 * The language a signed-in staff member reads the settings in: the one asked for (`?lang=`), else their own
 * (`users.language`), else the browser's `Accept-Language`, else the site's default.
 */
export async function staffReaderLanguage(
  db: Kysely<Database>,
  userId: number,
  acceptLanguage: string | undefined,
  /** `?lang=xx`: the language the admin app shows now (its address can ask for one). */
  query?: string,
): Promise<Language> {
  const [account, site] = await Promise.all([
    db.selectFrom('users').select('language').where('id', '=', userId).executeTakeFirst(),
    getSiteOptions(db),
  ]);
  return chooseLanguage({ query, account: account?.language, acceptLanguage, site: site.site_language });
}
