import type { DomainContext } from '../domain/context.js';
import { normalizeEmail } from '../domain/people/resolve-user.js';
import type { ReplyAuthor } from './import-reply.js';
import type { TicketMatch } from './match-ticket.js';

/** Why a mail does not become a comment; `staffId` when it bore a staff member's address, who is then told. */
export interface AuthorRefusal {
  refused: string;
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
    return { refused: `The sender is neither the client of ticket #${ticketNumber} nor staff, so it was not added there.` };
  }
  if (user.disabled_at) return { refused: 'The sender’s account is disabled.' };
  if (isClient) return { id: user.id, role: 'client' };
  if (match.agentId !== user.id) {
    return {
      refused:
        `The sender is staff, but the mail did not go to the reply address of a mail sent to them about ticket #${ticketNumber}, ` +
        'so nothing proves they wrote it and it was not posted. To answer by mail, reply from the notification mail; ' +
        'or answer in the admin app. The staff member is told by mail (once an hour per ticket).',
      staffId: user.id,
    };
  }
  return { id: user.id, role: user.role };
}
