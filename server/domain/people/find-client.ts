import type { Kysely } from 'kysely';
import { message } from '../../../common/i18n/translator.js';
import type { Database, UserRow } from '../../db/tables.js';
import { AppError } from '../../errors.js';

/** A client account by id, or NOT_FOUND (staff accounts are not contacts). */
export async function findClient(db: Kysely<Database>, id: number): Promise<UserRow> {
  const user = await db.selectFrom('users').selectAll().where('id', '=', id).where('role', '=', 'client').executeTakeFirst();
  if (!user) throw new AppError('NOT_FOUND', message('problems.contacts.no_client', { id: String(id) }));
  return user;
}

/** A stored JSON object of custom attributes; an unreadable one reads as none. */
export function readAttributes(stored: string): Record<string, string> {
  try {
    const value: unknown = JSON.parse(stored);
    if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
    return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  } catch {
    return {};
  }
}
