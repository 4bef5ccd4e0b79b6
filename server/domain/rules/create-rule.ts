import type { Kysely } from 'kysely';
import { type AuditContext, diffChanges, recordAudit } from '../../audit/record-audit.js';
import type { Database } from '../../db/tables.js';
import { auditedRule, checkRule, findRule, type Rule, type RuleInput, ruleColumns } from './rule.js';

/** Adds a rule after the others (its place: last), once its references are checked. */
export async function createRule(db: Kysely<Database>, input: RuleInput, at: Date, audit?: AuditContext): Promise<Rule> {
  await checkRule(db, input);
  const time = at.toISOString();
  const id = await db.transaction().execute(async (trx) => {
    const last = await trx
      .selectFrom('rules')
      .select((eb) => eb.fn.max('position').as('position'))
      .executeTakeFirst();
    const row = await trx
      .insertInto('rules')
      .values({ ...ruleColumns(input), position: Number(last?.position ?? 0) + 1, created_at: time, updated_at: time })
      .returning('id')
      .executeTakeFirstOrThrow();
    const rule = await findRule(trx, row.id);
    await recordAudit(trx, audit, {
      action: 'rule.created',
      targetType: 'rule',
      targetId: row.id,
      targetLabel: rule.name,
      details: { changes: diffChanges({}, auditedRule(rule)) },
    });
    return row.id;
  });
  return findRule(db, id);
}
