import { type Message, message } from '../../common/i18n/translator.js';
import type { DomainContext } from '../domain/context.js';
import { normalizeEmail } from '../domain/people/resolve-user.js';
import type { ReplyAuthor } from './import-reply.js';
import type { TicketMatch } from './match-ticket.js';

/** Why a mail does not become a comment; `staffId` when it bore a staff member's address, who is then told. */
export interface AuthorRefusal {
  refused: Message;
  staffId?: number;
}

/**
 * Who writes a mail that matched a ticket: its client (any way of matching), or a staff account — only
 * when the mail went to that staff member's own reply address for the ticket, which is in no mail but
 * theirs. A staff From proves nothing: the client knows the ticket's reply address, its thread and its
 * number, so a staff From on any of those, or on another agent's address, is refused (and that staff
 * member told), never posted as staff. Anyone else, a forged From included, never writes on the ticket.
 */
export async function findMailAuthor(ctx: DomainContext, sender: string, match: TicketMatch): Promise<ReplyAuthor | AuthorRefusal> {
  const { ticketId, ticketNumber } = match;
  const user = await ctx.db
    .selectFrom('users')
    .select(['id', 'role', 'disabled_at'])
    .where('email', '=', normalizeEmail(sender))
    .executeTakeFirst();
  const ticket = await ctx.db.selectFrom('posts').select('author_id').where('id', '=', ticketId).executeTakeFirstOrThrow();
  const isClient = user !== undefined && ticket.author_id === user.id;
  if (!user || (!isClient && user.role === 'client')) {
    return { refused: message('problems.inbound.not_client', { number: ticketNumber }) };
  }
  if (user.disabled_at) return { refused: message('problems.inbound.sender_disabled') };
  if (isClient) return { id: user.id, role: 'client' };
  if (match.agentId !== user.id) {
    return {
      refused: message('problems.inbound.staff_wrong_address', { number: ticketNumber }),
      staffId: user.id,
    };
  }
  return { id: user.id, role: user.role };
}
