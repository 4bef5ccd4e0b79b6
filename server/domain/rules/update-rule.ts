import type { Kysely } from 'kysely';
import { type AuditContext, diffChanges, recordAudit } from '../../audit/record-audit.js';
import type { Database } from '../../db/tables.js';
import { auditedRule, checkRule, findRule, type Rule, type RuleInput, ruleColumns } from './rule.js';

/**
 * Replaces a rule's settings; its place in the order stays. Its past firings stay too: a time rule does not fire
 * again on a ticket it already fired on until that ticket changes.
 */
export async function updateRule(db: Kysely<Database>, id: number, input: RuleInput, at: Date, audit?: AuditContext): Promise<Rule> {
  const before = await findRule(db, id);
  await checkRule(db, input);
  return db.transaction().execute(async (trx) => {
    await trx
      .updateTable('rules')
      .set({ ...ruleColumns(input), updated_at: at.toISOString() })
      .where('id', '=', id)
      .execute();
    const after = await findRule(trx, id);
    await recordAudit(trx, audit, {
      action: 'rule.updated',
      targetType: 'rule',
      targetId: id,
      targetLabel: after.name,
      details: { changes: diffChanges(auditedRule(before), auditedRule(after)) },
    });
    return after;
  });
}
