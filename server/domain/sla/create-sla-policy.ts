import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';
import { enqueueSlaRecompute } from './recompute-ticket-slas.js';
import { slaPoliciesChanged } from './sla-policies-exist.js';
import { findSlaPolicy, policyColumns, type SlaPolicy, type SlaPolicyInput } from './sla-policy.js';

/** Adds a policy after the others (tried last); running tickets it now matches take it within moments. */
export async function createSlaPolicy(db: Kysely<Database>, input: SlaPolicyInput, at: Date): Promise<SlaPolicy> {
  const columns = await policyColumns(db, input);
  const time = at.toISOString();
  const id = await db.transaction().execute(async (trx) => {
    const last = await trx
      .selectFrom('sla_policies')
      .select((eb) => eb.fn.max('position').as('position'))
      .executeTakeFirst();
    const row = await trx
      .insertInto('sla_policies')
      .values({ ...columns, position: Number(last?.position ?? 0) + 1, created_at: time, updated_at: time })
      .returning('id')
      .executeTakeFirstOrThrow();
    await enqueueSlaRecompute(trx, { at: time });
    return row.id;
  });
  slaPoliciesChanged(db);
  return findSlaPolicy(db, id);
}
