import type { Kysely } from 'kysely';
import { termLabel } from '../../common/i18n/term-label.js';
import type { Database } from '../db/tables.js';
import { translatorFor } from '../i18n/translators.js';
import { getSiteOptions } from '../settings/site-options.js';
import { isSlackMessageEvent, slackMessage } from './slack-message.js';

/**
 * What a Slack destination is sent for a queued delivery: the message about the ticket its envelope names, as the
 * ticket is now, in the site's language, linking to it in the admin app at `homeUrl`. Null for an event Slack is
 * not sent or a ticket deleted since (the delivery then fails without an attempt at Slack). A rule's "call a
 * webhook" action reaches Slack too, as a line naming the rule.
 */
export async function slackBodyOf(db: Kysely<Database>, homeUrl: string, envelope: string): Promise<string | null> {
  const { type, data } = JSON.parse(envelope) as {
    type: string;
    data: { ticket?: { id?: number }; metric?: string; rule?: { name?: string } };
  };
  if (!isSlackMessageEvent(type) || typeof data.ticket?.id !== 'number') return null;
  const row = await db
    .selectFrom('posts as p')
    .leftJoin('users as c', 'c.id', 'p.author_id')
    .leftJoin('terms as st', 'st.id', 'p.status_term_id')
    .leftJoin('terms as ut', 'ut.id', 'p.urgency_term_id')
    .select(['p.number', 'p.title', 'c.name as clientName'])
    .select(['st.slug as statusSlug', 'st.name as statusName', 'ut.slug as urgencySlug', 'ut.name as urgencyName'])
    .where('p.id', '=', data.ticket.id)
    .where('p.type', '=', 'ticket')
    .executeTakeFirst();
  if (!row || row.number === null) return null;
  const site = await getSiteOptions(db);
  const t = translatorFor(site.site_language, site.time_zone);
  const term = (taxonomy: string, slug: string | null, name: string | null) => (slug && name ? termLabel(t, taxonomy, slug, name) : null);
  const ticket = {
    number: row.number,
    subject: row.title,
    status: term('ticket_status', row.statusSlug, row.statusName),
    urgency: term('ticket_urgency', row.urgencySlug, row.urgencyName),
    clientName: row.clientName,
  };
  const event =
    type === 'ticket.created'
      ? { type }
      : type === 'rule.fired'
        ? { type, rule: data.rule?.name ?? '' }
        : { type, metric: data.metric ?? 'resolution' };
  return JSON.stringify(slackMessage(t, event, ticket, `${homeUrl}/admin/tickets/${row.number}`));
}
