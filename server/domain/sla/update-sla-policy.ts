import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';
import { findSlaPolicy, policyColumns, type SlaPolicy, type SlaPolicyInput } from './sla-policy.js';

/**
 * Replaces a policy's settings (its place in the order stays). Tickets under it take the new targets at their
 * next change, with the time they used kept.
 */
export async function updateSlaPolicy(db: Kysely<Database>, id: number, input: SlaPolicyInput, at: Date): Promise<SlaPolicy> {
  await findSlaPolicy(db, id);
  const columns = await policyColumns(db, input);
  await db
    .updateTable('sla_policies')
    .set({ ...columns, updated_at: at.toISOString() })
    .where('id', '=', id)
    .execute();
  return findSlaPolicy(db, id);
}
