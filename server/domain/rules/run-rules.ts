import type { JobPayloads } from '../../jobs/job-payloads.js';
import type { DomainContext } from '../context.js';
import { fireRuleAlone } from './fire-rule.js';
import { readFiringEnv } from './firing-env.js';
import { readRules } from './rule.js';

/**
 * Runs the enabled rules of a ticket's event (the `rule_run` job queued with the change), in their order, each in a
 * transaction of its own, so a later rule sees what an earlier one did. A rule's change is an event too, whose rules
 * run next; but a round that a person's event began fires each rule at most once: the rules of `chain` (whose firings
 * led here) and those fired on the ticket since the round began (`cycle`) are skipped, so a rule never re-triggers
 * itself and two rules never feed each other. A retried job fires nothing twice (the firing's claim).
 * Answers how many fired.
 */
export async function runRules(ctx: DomainContext, event: JobPayloads['rule_run']): Promise<number> {
  const cycle = event.cycle ?? event.marker;
  const firedInRound =
    event.cycle === undefined
      ? []
      : (
          await ctx.db
            .selectFrom('rule_firings')
            .select('rule_id')
            .where('ticket_id', '=', event.ticketId)
            .where('marker', '>=', event.cycle)
            .execute()
        ).map((row) => row.rule_id);
  const skipped = new Set([...event.chain, ...firedInRound]);
  const rules = (await readRules(ctx.db, { trigger: event.trigger })).filter((rule) => !skipped.has(rule.id));
  if (rules.length === 0) return 0;
  const env = await readFiringEnv(ctx, rules, event.ticketId);
  let fired = 0;
  for (const rule of rules)
    if (await fireRuleAlone(ctx, rule, event.ticketId, env, { marker: event.marker, chain: event.chain, cycle, at: ctx.now() })) fired += 1;
  return fired;
}
