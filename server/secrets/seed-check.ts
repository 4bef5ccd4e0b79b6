import { hkdfSync } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.js';
import { writeOption } from '../domain/options.js';

/** Option holding a fingerprint of the seed that stored secrets were last encrypted with. */
const CHECK_OPTION = 'encryption_seed_check';

// A one-way fingerprint (HKDF with its own purpose, unrelated to the encryption key): the options
// table can be read by anyone with the database, and must not help guess the seed.
function fingerprint(seed: string): string {
  return Buffer.from(hkdfSync('sha256', seed, 'helpdesk-secrets', 'seed fingerprint v1', 16)).toString('hex');
}

/** Records `seed` as the one the stored secrets are encrypted with (called whenever a secret is written). */
export async function recordSecretsSeed(db: Kysely<Database>, seed: string): Promise<void> {
  await writeOption(db, CHECK_OPTION, fingerprint(seed));
}

/**
 * Whether `seed` is the one the database's secrets are encrypted with; the first instance to ask
 * records its own. False means another instance (or this one before its seed changed) uses another
 * seed: secrets saved there cannot be read here — several instances need one HELPDESK_ENCRYPTION_SEED.
 */
export async function isSecretsSeed(db: Kysely<Database>, seed: string): Promise<boolean> {
  const mine = fingerprint(seed);
  await db
    .insertInto('options')
    .values({ name: CHECK_OPTION, value: JSON.stringify(mine) })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('options').select('value').where('name', '=', CHECK_OPTION).executeTakeFirstOrThrow();
  return JSON.parse(row.value) === mine;
}
