import { fillPlaceholders, type ReplyPlaceholder } from '../../../common/reply-placeholders.js';
import { type CoreSettings, getCoreSettings } from '../../settings/core-settings.js';
import { getSiteOptions } from '../../settings/site-options.js';
import type { DomainContext } from '../context.js';
import { slaInForce } from '../sla/sla-policies-exist.js';
import type { Rule } from './rule.js';
import { loadConditionSchedules, type ScheduleMap } from './rule-conditions.js';

/** What a firing needs that is read before its transaction (never through it: on SQLite that waits forever). */
export interface FiringEnv {
  settings: CoreSettings;
  slaInForce: boolean;
  schedules: ScheduleMap;
  /** Shared saved replies' bodies by id (those the rules send). */
  savedReplies: Map<number, string>;
  /** A text with the ticket's ##placeholders## filled as agents' saved replies have them. */
  fill: (text: string) => string;
}

/**
 * Reads what `rules` firing on `ticketId` need. Placeholders are filled as in an agent's saved reply, the rule
 * standing in for the agent: `##agent_name##` is the ticket's assignee, or the site's name when it has none.
 */
export async function readFiringEnv(ctx: DomainContext, rules: readonly Rule[], ticketId: number): Promise<FiringEnv> {
  const [settings, inForce, schedules, site] = await Promise.all([
    getCoreSettings(ctx),
    slaInForce(ctx.db),
    loadConditionSchedules(ctx.db, rules),
    getSiteOptions(ctx.db),
  ]);
  const replyIds = rules.flatMap((rule) =>
    rule.actions.flatMap((action) => (action.type === 'saved_reply' ? [action.saved_reply_id] : [])),
  );
  const replies =
    replyIds.length === 0
      ? []
      : await ctx.db.selectFrom('saved_replies').select(['id', 'body']).where('id', 'in', replyIds).where('owner_id', 'is', null).execute();
  const ticket = await ctx.db
    .selectFrom('posts as p')
    .leftJoin('users as c', 'c.id', 'p.author_id')
    .leftJoin('users as a', 'a.id', 'p.assignee_id')
    .select(['p.id', 'p.number', 'p.title', 'c.name as client_name', 'c.email as client_email', 'a.name as agent_name'])
    .where('p.id', '=', ticketId)
    .executeTakeFirst();
  const values: Record<ReplyPlaceholder, string> = {
    client_name: ticket?.client_name ?? '',
    client_email: ticket?.client_email ?? '',
    ticket_id: String(ticket?.number ?? ticketId),
    ticket_subject: ticket?.title ?? '',
    agent_name: ticket?.agent_name ?? site.site_name,
    site_name: site.site_name,
  };
  return {
    settings,
    slaInForce: inForce,
    schedules,
    savedReplies: new Map(replies.map((row) => [row.id, row.body])),
    fill: (text) => fillPlaceholders(text, values),
  };
}
