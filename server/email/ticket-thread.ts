import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/tables.js';

// References grows with every mail; mail clients need the root and the latest few (RFC 5322 §3.6.4
// allows trimming the middle), and a header of hundreds of ids is refused by some servers.
const KEEP_LATEST = 10;

/**
 * The thread headers of a new mail about a ticket to `recipient`: the earlier mails of the ticket that
 * person has (ours to them, theirs to us), oldest first, after the ticket's root id. Mails to other
 * people stay out: the client never saw the agents' notifications.
 */
export async function threadHeaders(
  db: Kysely<Database>,
  thread: { ticketId: number; recipient: string; root: string; except: string },
): Promise<{ headers: { references: string; inReplyTo?: string }; openedByRecipient: boolean }> {
  const { ticketId, root, except } = thread;
  const recipient = thread.recipient.toLowerCase();
  const sent = db
    .selectFrom('sent_mails')
    .select(['message_id', 'created_at', sql<number>`0`.as('opening')])
    .where('ticket_id', '=', ticketId)
    .where('recipient', '=', recipient);
  // A mail of theirs imported as no comment is the one that opened the ticket.
  const received = db
    .selectFrom('inbound_mails')
    .select((eb) => ['message_id', 'created_at', eb.case().when('comment_id', 'is', null).then(1).else(0).end().as('opening')])
    .where('ticket_id', '=', ticketId)
    .where('sender', '=', recipient)
    .where('outcome', '=', 'imported');
  const rows = await sent.unionAll(received).orderBy('created_at').execute();
  const ids = rows.map((r) => r.message_id).filter((id) => id !== except);
  const latest = ids.slice(-KEEP_LATEST);
  return {
    headers: { references: [root, ...latest].join(' '), ...(latest.length && { inReplyTo: latest.at(-1) }) },
    // The confirmation then answers that mail, which RFC 3834 §5 marks `auto-replied`, not `auto-generated`.
    openedByRecipient: rows.some((r) => Number(r.opening) === 1),
  };
}

/** Records a mail about a ticket before it is sent, so a reply quoting it (or a bounce) finds it; a retry keeps the first row. */
export async function recordSentMail(
  db: Kysely<Database>,
  mail: { messageId: string; ticketId: number; recipient: string; jobId: number },
): Promise<void> {
  await db
    .insertInto('sent_mails')
    .values({
      message_id: mail.messageId,
      ticket_id: mail.ticketId,
      recipient: mail.recipient.toLowerCase(),
      job_id: mail.jobId,
      state: 'sent',
      failure: null,
      created_at: new Date().toISOString(),
    })
    .onConflict((oc) => oc.column('message_id').doNothing())
    .execute();
}
