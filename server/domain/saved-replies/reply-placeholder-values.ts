import { message } from '../../../common/i18n/translator.js';
import type { ReplyPlaceholder } from '../../../common/reply-placeholders.js';
import { invalidField } from '../../errors.js';
import { getSiteOptions } from '../../settings/site-options.js';
import type { Actor, DomainContext } from '../context.js';
import { findTicket } from '../tickets/find-ticket.js';

/**
 * What each placeholder becomes for one ticket answered by one staff member. A ticket without a client
 * account gives empty client fields. Callers are staff, who may read every ticket.
 */
export async function replyPlaceholderValues(
  ctx: DomainContext,
  ticketId: number,
  actor: Actor,
): Promise<Record<ReplyPlaceholder, string>> {
  const ticket = await findTicket(ctx, ticketId);
  if (!ticket) throw invalidField('ticket', message('problems.saved_reply.no_ticket', { id: String(ticketId) }));
  const ids = [actor.id, ...(ticket.authorId === null ? [] : [ticket.authorId])];
  const people = await ctx.db.selectFrom('users').select(['id', 'name', 'email']).where('id', 'in', ids).execute();
  const client = people.find((p) => p.id === ticket.authorId);
  const agent = people.find((p) => p.id === actor.id);
  return {
    client_name: client?.name ?? '',
    client_email: client?.email ?? '',
    ticket_id: String(ticket.number ?? ticket.id),
    ticket_subject: ticket.title,
    agent_name: agent?.name ?? '',
    site_name: (await getSiteOptions(ctx.db)).site_name,
  };
}
