import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.js';

/** Reads one stored option (JSON), or undefined when it was never written. */
export async function readOption(db: Kysely<Database>, name: string): Promise<unknown> {
  const row = await db.selectFrom('options').select('value').where('name', '=', name).executeTakeFirst();
  return row ? JSON.parse(row.value) : undefined;
}

/** Writes one option (JSON), replacing any earlier value. */
export async function writeOption(db: Kysely<Database>, name: string, value: unknown): Promise<void> {
  const json = JSON.stringify(value);
  await db
    .insertInto('options')
    .values({ name, value: json })
    .onConflict((oc) => oc.column('name').doUpdateSet({ value: json }))
    .execute();
}
