import type { Kysely } from 'kysely';
import { type AuditContext, diffChanges, recordAudit } from '../../audit/record-audit.js';
import type { Database } from '../../db/tables.js';
import { auditedRule, findRule } from './rule.js';

/** Deletes a rule and its firings; the activity entries it left keep its name. */
export async function deleteRule(db: Kysely<Database>, id: number, audit?: AuditContext): Promise<void> {
  const before = await findRule(db, id);
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('rule_firings').where('rule_id', '=', id).execute();
    await trx.deleteFrom('rules').where('id', '=', id).execute();
    await recordAudit(trx, audit, {
      action: 'rule.deleted',
      targetType: 'rule',
      targetId: id,
      targetLabel: before.name,
      details: { changes: diffChanges(auditedRule(before), {}) },
    });
  });
}
