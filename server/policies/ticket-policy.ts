import { message } from '../../common/i18n/translator.js';
import { type Actor, isStaff } from '../domain/context.js';
import { AppError } from '../errors.js';

/**
 * Who may read and change tickets and their comments — the one place that answers it. Routes, help-site
 * pages and domain operations ask here instead of branching on roles themselves.
 *
 * Staff (agents and admins) see and change every ticket. A client sees only tickets they filed, never an
 * internal note, and may only reply to their own ticket. Whatever a client may not see is answered exactly
 * like a missing ticket (NOT_FOUND), so nobody learns which ticket numbers exist.
 */

/** How an actor sees tickets: all of them (staff), only their own (a client), or none (anonymous). */
export type TicketView = { kind: 'all'; actor: Actor } | { kind: 'own'; actor: Actor };

/** The ticket view of a signed-in caller; anonymous callers are asked to sign in. */
export function ticketView(actor: Actor | null): TicketView {
  if (!actor) throw new AppError('UNAUTHENTICATED', message('problems.policy.sign_in'));
  return isStaff(actor) ? { kind: 'all', actor } : { kind: 'own', actor };
}

/** Whether the actor may read a ticket filed by `ownerId`. */
export function mayReadTicket(actor: Actor | null, ownerId: number | null): boolean {
  if (!actor) return false;
  return ownerId === actor.id || isStaff(actor);
}

/**
 * Whether the actor files tickets for anyone: staff choose the account and the status (spec §4.3 rule 1)
 * and are never held by the anonymous intake guard.
 */
export function mayFileForOthers(actor: Actor | null): boolean {
  return isStaff(actor);
}

/**
 * Whether the actor may follow the live events of every ticket (GET /events: new tickets, changes, replies
 * and notes, presence). Staff only; a client would learn of other people's tickets.
 */
export function mayFollowAllTickets(actor: Actor | null): actor is Actor {
  return isStaff(actor);
}

/** Whether the actor may change a ticket's fields (status by hand, assignee, product, reason, urgency). */
export function mayChangeTicket(actor: Actor | null): actor is Actor {
  return isStaff(actor);
}

/**
 * Whether a client may copy colleagues in on a ticket, see who is copied in and take them off, on the help
 * site: the ticket's own client only. Not a person copied in: they read the ticket by mail only
 * (docs/DECISIONS.md, CC and followers), so letting them add others would widen a conversation that is not
 * theirs, to people its client never chose, past the one person who decides what of it to show. Not a
 * colleague who reads it through organisation sharing either: that grant reads, never writes.
 */
export function mayCopyInColleagues(actor: Actor | null, ticket: { authorId: number | null }): actor is Actor {
  return actor?.role === 'client' && ticket.authorId !== null && ticket.authorId === actor.id;
}

/** Whether the actor may see a comment: staff see everything, others only what is not an internal note. */
export function mayReadComment(actor: Actor | null, comment: { isInternal: boolean }): boolean {
  return isStaff(actor) || !comment.isInternal;
}

/** Who a comment by this actor speaks as: staff write as the agent, clients as the client. */
export function commentRoleOf(actor: Actor): 'agent' | 'client' {
  return isStaff(actor) ? 'agent' : 'client';
}

/**
 * Refuses a comment the actor may not write: speaking as someone they are not, an internal note by anyone
 * but staff, or a reply on a ticket they may not read (as NOT_FOUND).
 */
export function assertMayComment(
  actor: Actor | null,
  /** `copiedIn`: a client copied in on the ticket, replying by mail: may reply, though they may not read it here. */
  comment: { role: 'client' | 'agent' | 'bot'; isInternal: boolean; copiedIn?: boolean },
  ticket: { authorId: number | null } | undefined,
): void {
  if (comment.role === 'client' && actor?.role !== 'client') throw new AppError('FORBIDDEN', message('problems.policy.client_only'));
  if (comment.role === 'agent' && !isStaff(actor)) throw new AppError('FORBIDDEN', message('problems.policy.agent_only'));
  if (comment.isInternal && comment.role !== 'agent') throw new AppError('FORBIDDEN', message('problems.policy.notes_agents'));
  // The auto responder has no actor and answers any ticket; people answer only tickets they may read.
  if (!ticket) throw hiddenTicket();
  const copiedClient = comment.role === 'client' && comment.copiedIn === true;
  if (comment.role !== 'bot' && !copiedClient && !mayReadTicket(actor, ticket.authorId)) throw hiddenTicket();
}

/** The answer for a ticket the caller may not know about: the same as for one that does not exist. */
export function hiddenTicket(): AppError {
  return new AppError('NOT_FOUND', message('problems.ticket.not_found'));
}
