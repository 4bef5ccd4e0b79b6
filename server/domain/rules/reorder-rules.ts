import type { Kysely } from 'kysely';
import { message } from '../../../common/i18n/translator.js';
import { type AuditContext, recordAudit } from '../../audit/record-audit.js';
import type { Database } from '../../db/tables.js';
import { invalidField } from '../../errors.js';
import { type Rule, readRules } from './rule.js';

/** Puts the rules in the order given: every rule's id exactly once, the first run first. */
export async function reorderRules(db: Kysely<Database>, ids: readonly number[], audit?: AuditContext): Promise<Rule[]> {
  await db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('rules').select(['id', 'name']).orderBy('position').orderBy('id').execute();
    const existing = before.map((row) => row.id);
    const given = new Set(ids);
    if (given.size !== ids.length || ids.length !== existing.length || existing.some((id) => !given.has(id)))
      throw invalidField('ids', message('problems.rules.reorder_ids', { count: existing.length }));
    for (const [index, id] of ids.entries())
      await trx
        .updateTable('rules')
        .set({ position: index + 1 })
        .where('id', '=', id)
        .execute();
    const names = new Map(before.map((row) => [row.id, row.name]));
    const order = { old: before.map((row) => row.name), new: ids.map((id) => names.get(id) ?? String(id)) };
    if (JSON.stringify(order.old) !== JSON.stringify(order.new))
      await recordAudit(trx, audit, { action: 'rule.reordered', targetType: 'rule', details: { changes: { order } } });
  });
  return readRules(db);
}
