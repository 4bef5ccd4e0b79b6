import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.js';
import { readReplyAddress } from '../email/reply-address.js';
import type { IncomingMail } from './parse-incoming-mail.js';

/** The ticket an incoming mail is about, and how that was found. */
export interface TicketMatch {
  ticketId: number;
  /** The number people know the ticket by (`#12`): what answers and refusals name. */
  ticketNumber: number;
  /** `address`: the ticket's reply address (its secret token); `thread`: it answers a mail we sent; `subject`: `[#n]`. */
  via: 'address' | 'thread' | 'subject';
  /**
   * The staff account whose own reply address (one per agent and ticket) the mail was sent to: the only
   * proof that a staff member wrote it. Null for every other match, the ticket's own address included.
   */
  agentId: number | null;
}

/**
 * Finds the ticket: by the ticket's reply address (or one of its agents' own), else by In-Reply-To/References naming a
 * mail we sent about it, else by `[#<number>]` (the ticket's own number, as mails show it) in the subject when the
 * sender is that ticket's client. Who may then write to it is checked by the caller (receive-mail.ts), for every way of
 * matching.
 */
export async function matchTicket(db: Kysely<Database>, mail: IncomingMail, supportAddress: string | null): Promise<TicketMatch | null> {
  if (supportAddress) {
    for (const address of mail.recipients) {
      const owner = await readReplyAddress(db, supportAddress, address);
      if (owner) return { ticketId: owner.ticketId, ticketNumber: owner.ticketNumber, via: 'address', agentId: owner.agentId };
    }
  }
  if (mail.answers.length) {
    const sent = await db
      .selectFrom('sent_mails')
      .select('ticket_id')
      .where('message_id', 'in', mail.answers.slice(0, 100))
      .orderBy('id', 'desc')
      .executeTakeFirst();
    const ticket = sent && (await findTicket(db, sent.ticket_id));
    if (ticket) return { ticketId: ticket.id, ticketNumber: ticket.number, via: 'thread', agentId: null };
  }
  const number = /\[#(\d{1,12})\]/.exec(mail.subject)?.[1];
  if (number && mail.from) {
    const ticket = await db
      .selectFrom('posts as p')
      .innerJoin('users as u', 'u.id', 'p.author_id')
      .select(['p.id', 'p.number'])
      .where('p.number', '=', Number(number))
      .where('p.type', '=', 'ticket')
      .where('u.email', '=', mail.from)
      .executeTakeFirst();
    if (ticket) return { ticketId: ticket.id, ticketNumber: Number(number), via: 'subject', agentId: null };
  }
  return null;
}

async function findTicket(db: Kysely<Database>, ticketId: number): Promise<{ id: number; number: number } | undefined> {
  const row = await db
    .selectFrom('posts')
    .select(['id', 'number'])
    .where('id', '=', ticketId)
    .where('type', '=', 'ticket')
    .executeTakeFirst();
  return row && { id: row.id, number: row.number ?? row.id };
}
