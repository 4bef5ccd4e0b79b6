import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';
import { slaPoliciesChanged } from './sla-policies-exist.js';
import { findSlaPolicy } from './sla-policy.js';

/** Removes a policy; its tickets find their next policy (or none) at their next change, with the time used kept. */
export async function deleteSlaPolicy(db: Kysely<Database>, id: number): Promise<void> {
  await findSlaPolicy(db, id);
  await db.deleteFrom('sla_policies').where('id', '=', id).execute();
  slaPoliciesChanged();
}
