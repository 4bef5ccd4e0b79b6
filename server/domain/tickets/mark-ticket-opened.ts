import type { DomainContext } from '../context.js';
import { markNotificationsRead } from '../notifications/mark-notifications-read.js';
import { markTicketRead } from './ticket-reads.js';

/**
 * An agent opened a ticket, so they read it: its unread marker goes, and so do its lines in their
 * notifications (theirs only). Both are marks (`TransactionRunner.mark`), made together: on SQLite they
 * join the group commit ahead of the filings waiting, and the agent is not kept waiting for its fsync.
 */
export async function markTicketOpened(ctx: DomainContext, userId: number, ticket: { id: number; version: number }): Promise<void> {
  await Promise.all([
    ctx.transactions.mark((db) => markTicketRead(db, userId, ticket.id, ticket.version)),
    markNotificationsRead(ctx, userId, { ticketId: ticket.id }),
  ]);
}
