import type { Kysely } from 'kysely';
import { message } from '../../../common/i18n/translator.js';
import type { Database } from '../../db/tables.js';
import { invalidField } from '../../errors.js';
import { enqueueSlaRecompute } from './recompute-ticket-slas.js';
import { readSlaPolicies, type SlaPolicy } from './sla-policy.js';

/**
 * Puts the policies in the order given: every policy's id exactly once, the first tried first. Running tickets
 * take the policy that now matches first within moments (recompute-ticket-slas.ts).
 */
export async function reorderSlaPolicies(db: Kysely<Database>, ids: readonly number[], at = new Date()): Promise<SlaPolicy[]> {
  await db.transaction().execute(async (trx) => {
    const existing = (await trx.selectFrom('sla_policies').select('id').execute()).map((row) => row.id);
    const given = new Set(ids);
    if (given.size !== ids.length || ids.length !== existing.length || existing.some((id) => !given.has(id)))
      throw invalidField('ids', message('problems.sla.reorder_ids', { count: existing.length }));
    for (const [index, id] of ids.entries())
      await trx
        .updateTable('sla_policies')
        .set({ position: index + 1 })
        .where('id', '=', id)
        .execute();
    await enqueueSlaRecompute(trx, { at: at.toISOString() });
  });
  return readSlaPolicies(db);
}
