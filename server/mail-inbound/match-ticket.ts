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
  /**
   * The ticket the mail named when that ticket was merged (the match then is the one it was merged into). Who may
   * write is asked of the ticket matched: a merged ticket's client writes on when the survivor is theirs too.
   */
  mergedFromId?: number;
}

// A chain of merges longer than this is not followed further (each merge refuses a merged target, so a chain
// is only made by merging a survivor later; ten is far past any real one).
const MERGE_HOPS_MAX = 10;

/**
 * Finds the ticket: by the ticket's reply address (or one of its agents' own), else by In-Reply-To/References naming a
 * mail we sent about it, else by `[#<number>]` (the ticket's own number, as mails show it) in the subject when the
 * sender is that ticket's client. Who may then write to it is checked by the caller (receive-mail.ts), for every way of
 * matching.
 */
export async function matchTicket(db: Kysely<Database>, mail: IncomingMail, supportAddress: string | null): Promise<TicketMatch | null> {
  const found = await matchNamedTicket(db, mail, supportAddress);
  return found && followMerges(db, found);
}

/**
 * Mail answering a merged ticket (its address, its thread, its number) goes to the ticket it was merged into,
 * following a merged survivor's own merge in turn.
 */
async function followMerges(db: Kysely<Database>, match: TicketMatch): Promise<TicketMatch> {
  let current = match;
  for (let hop = 0; hop < MERGE_HOPS_MAX; hop++) {
    const row = await db
      .selectFrom('posts as p')
      .innerJoin('posts as into', 'into.id', 'p.merged_into_id')
      .select(['into.id', 'into.number'])
      .where('p.id', '=', current.ticketId)
      .executeTakeFirst();
    if (!row) return current;
    current = { ...current, ticketId: row.id, ticketNumber: row.number ?? row.id, mergedFromId: current.mergedFromId ?? match.ticketId };
  }
  return current;
}

async function matchNamedTicket(db: Kysely<Database>, mail: IncomingMail, supportAddress: string | null): Promise<TicketMatch | null> {
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
      // The client's own email or any of their other addresses.
      .where((eb) =>
        eb.or([
          eb('u.email', '=', mail.from),
          eb.exists(
            eb.selectFrom('client_addresses as a').select('a.id').whereRef('a.user_id', '=', 'u.id').where('a.address', '=', mail.from),
          ),
        ]),
      )
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
