import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';

/** Whether any service-level policy exists: a filing then starts its targets in its own transaction. */
export async function slaPoliciesExist(db: Kysely<Database>): Promise<boolean> {
  return (await db.selectFrom('sla_policies').select('id').limit(1).executeTakeFirst()) !== undefined;
}
