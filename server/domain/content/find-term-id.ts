import type { Kysely } from 'kysely';
import type { Database, Taxonomy } from '../../db/tables.js';

/**
 * A reason, urgency or status named by its id (what filing a ticket and the lookups use) or by its slug
 * (readable in the admin app's addresses). Undefined when that taxonomy has no such term.
 */
export async function findTermId(db: Kysely<Database>, taxonomy: Taxonomy, key: number | string): Promise<number | undefined> {
  const row = await db
    .selectFrom('terms')
    .select('id')
    .where('taxonomy', '=', taxonomy)
    .where(typeof key === 'number' ? 'id' : 'slug', '=', key)
    .executeTakeFirst();
  return row?.id;
}
