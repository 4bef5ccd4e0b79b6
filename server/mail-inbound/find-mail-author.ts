import { type Message, message } from '../../common/i18n/translator.js';
import type { DomainContext } from '../domain/context.js';
import { isCopiedIn } from '../domain/participants/participants.js';
import { findUserByEmail } from '../domain/people/resolve-user.js';
import type { ReplyAuthor } from './import-reply.js';
import type { TicketMatch } from './match-ticket.js';

/** Why a mail does not become a comment; `staffId` when it bore a staff member's address, who is then told. */
export interface AuthorRefusal {
  refused: Message;
  staffId?: number;
}

/**
 * Who writes a mail that matched a ticket: its client (any way of matching), a client copied in on it (by its reply
 * address or thread), or a staff account — only
 * when the mail went to that staff member's own reply address for the ticket, which is in no mail but
 * theirs. A staff From proves nothing: the client knows the ticket's reply address, its thread and its
 * number, so a staff From on any of those, or on another agent's address, is refused (and that staff
 * member told), never posted as staff. Anyone else, a forged From included, never writes on the ticket.
 */
export async function findMailAuthor(ctx: DomainContext, sender: string, match: TicketMatch): Promise<ReplyAuthor | AuthorRefusal> {
  const { ticketId, ticketNumber } = match;
  // Any of a client's addresses speaks for them (client_addresses), as a new mail's sender does.
  const user = await findUserByEmail(ctx.db, sender);
  const ticket = await ctx.db.selectFrom('posts').select('author_id').where('id', '=', ticketId).executeTakeFirstOrThrow();
  const isClient = user !== undefined && ticket.author_id === user.id;
  // A client copied in on the ticket writes under their own name, as the client does, only on a match that bears a
  // secret (the ticket's reply address or the thread of a mail we sent): `[#n]` matches only the ticket's client.
  const copiedIn =
    user !== undefined && !isClient && user.role === 'client' && match.via !== 'subject' && (await isCopiedIn(ctx.db, ticketId, user.id));
  if (!user || (!isClient && !copiedIn && user.role === 'client')) {
    return { refused: message('problems.inbound.not_client', { number: ticketNumber }) };
  }
  if (user.disabled_at) return { refused: message('problems.inbound.sender_disabled') };
  if (isClient) return { id: user.id, role: 'client' };
  if (copiedIn) return { id: user.id, role: 'client', copiedIn: true };
  if (match.agentId !== user.id) {
    return {
      refused: message('problems.inbound.staff_wrong_address', { number: ticketNumber }),
      staffId: user.id,
    };
  }
  return { id: user.id, role: user.role };
}
