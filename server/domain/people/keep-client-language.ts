import type { Kysely } from 'kysely';
import { languageOf, SHIPPED_LANGUAGES } from '../../../common/i18n/languages.js';
import type { Database } from '../../db/tables.js';

/**
 * Keeps `language` (the page's a client filed a ticket from) on an account that has none yet: a client's first
 * ticket says which language their mails go out in. A language already set (chosen, or from an earlier channel)
 * is never replaced; the pseudo-locale is never stored.
 */
export async function keepClientLanguage(db: Kysely<Database>, userId: number, language: string | null | undefined): Promise<void> {
  const shipped = languageOf(language);
  if (!shipped || !(SHIPPED_LANGUAGES as readonly string[]).includes(shipped)) return;
  await db.updateTable('users').set({ language: shipped }).where('id', '=', userId).where('language', 'is', null).execute();
}

/** Saves the language an account chose itself (the help site's language menu); the pseudo-locale is never stored. */
export async function saveAccountLanguage(db: Kysely<Database>, userId: number, language: string): Promise<void> {
  const shipped = languageOf(language);
  if (!shipped || !(SHIPPED_LANGUAGES as readonly string[]).includes(shipped)) return;
  await db.updateTable('users').set({ language: shipped }).where('id', '=', userId).execute();
}
