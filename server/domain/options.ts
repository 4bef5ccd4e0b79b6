import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.js';

/** Reads one stored option (JSON), or undefined when it was never written. */
export async function readOption(db: Kysely<Database>, name: string): Promise<unknown> {
  const row = await db.selectFrom('options').select('value').where('name', '=', name).executeTakeFirst();
  return row ? JSON.parse(row.value) : undefined;
}

// Counts the option writes of this process: a cache of options (site-options.ts) made before the last one
// is read anew. Another instance's write shows when that cache's time is up.
let writes = 0;

/** How many option writes this process has made (or announced with `optionsWritten`). */
export const optionWrites = () => writes;

/** Tells the options' caches that a row of `options` changed by a write outside writeOption. */
export function optionsWritten(): void {
  writes += 1;
}

/** Writes one option (JSON), replacing any earlier value. */
export async function writeOption(db: Kysely<Database>, name: string, value: unknown): Promise<void> {
  optionsWritten();
  const json = JSON.stringify(value);
  await db
    .insertInto('options')
    .values({ name, value: json })
    .onConflict((oc) => oc.column('name').doUpdateSet({ value: json }))
    .execute();
}
