import type { Kysely } from 'kysely';
import type { Database } from './tables.js';

/**
 * Takes or renews the lease `name` for `holder` until `ttlMs` from now; true when `holder` has it.
 * One statement (an upsert whose update only applies to the holder's own or an expired lease), so two
 * instances asking at once cannot both get it: PostgreSQL's row lock and SQLite's single writer order them.
 */
export async function takeLease(db: Kysely<Database>, name: string, holder: string, ttlMs: number): Promise<boolean> {
  const now = Date.now();
  const row = await db
    .insertInto('leases')
    .values({ name, holder, expires_at: now + ttlMs })
    .onConflict((oc) =>
      oc
        .column('name')
        .doUpdateSet({ holder, expires_at: now + ttlMs })
        .where((eb) => eb.or([eb('leases.holder', '=', holder), eb('leases.expires_at', '<', now)])),
    )
    .returning('holder')
    .executeTakeFirst();
  return row?.holder === holder;
}

/** Gives the lease up at once (a clean stop), so another instance takes over without waiting for it to expire. */
export async function releaseLease(db: Kysely<Database>, name: string, holder: string): Promise<void> {
  await db.deleteFrom('leases').where('name', '=', name).where('holder', '=', holder).execute();
}
