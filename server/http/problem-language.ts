import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { languageFromAcceptLanguage } from '../../common/i18n/languages.js';
import type { Translator } from '../../common/i18n/translator.js';
import { classifyDatabaseFault } from '../db/database-faults.js';
import type { Database } from '../db/tables.js';
import { chooseLanguage } from '../i18n/choose-language.js';
import { translatorFor } from '../i18n/translators.js';
import { getSiteOptions } from '../settings/site-options.js';

/**
 * The language a problem response is written in: the signed-in account's own (a token's user, or the session's),
 * else the request's Accept-Language, else the site's default. When the database itself is what failed it is not
 * asked again: the browser's language or English answers then.
 */
export async function problemTranslator(request: FastifyRequest, error: unknown, db: Kysely<Database> | undefined): Promise<Translator> {
  const acceptLanguage = request.headers['accept-language'];
  if (!db || classifyDatabaseFault(error)) return translatorFor(languageFromAcceptLanguage(acceptLanguage));
  try {
    const account = await accountLanguage(request, db);
    const site = await getSiteOptions(db);
    return translatorFor(chooseLanguage({ account, acceptLanguage, site: site.site_language }), site.time_zone);
  } catch {
    // A problem is always answered: one that cannot read the options is answered in the browser's language.
    return translatorFor(languageFromAcceptLanguage(acceptLanguage));
  }
}

async function accountLanguage(request: FastifyRequest, db: Kysely<Database>): Promise<string | null | undefined> {
  const signedIn = request.siteUser ?? null;
  if (signedIn) return signedIn.language;
  const actor = request.actor ?? null;
  if (!actor) return undefined;
  const row = await db.selectFrom('users').select('language').where('id', '=', actor.id).executeTakeFirst();
  return row?.language;
}
