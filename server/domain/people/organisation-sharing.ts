import { mayReadTicket } from '../../policies/ticket-policy.js';
import { getCoreSettings } from '../../settings/core-settings.js';
import type { Actor, DomainContext } from '../context.js';

/**
 * Whose tickets a signed-in client reads on the help site and through the API: their own, and — only when
 * Tickets → Submission → "Clients of one organisation see each other's tickets" is on (off by default) — those
 * of every client of their organisation. A client of no organisation, or of another, never gets more.
 */
export async function ticketAuthorsVisibleTo(ctx: DomainContext, userId: number): Promise<number[]> {
  if (!(await getCoreSettings(ctx)).tickets.organisation_sharing) return [userId];
  const user = await ctx.db.selectFrom('users').select(['organisation_id', 'role']).where('id', '=', userId).executeTakeFirst();
  if (user?.role !== 'client' || user.organisation_id === null) return [userId];
  const rows = await ctx.db
    .selectFrom('users')
    .select('id')
    .where('organisation_id', '=', user.organisation_id)
    .where('role', '=', 'client')
    .execute();
  return [userId, ...rows.map((r) => r.id).filter((id) => id !== userId)];
}

/**
 * Whether the actor reads a ticket filed by `ownerId` and what came with it (its files): staff and its client
 * always (mayReadTicket), a colleague of the client's organisation while sharing is on — the clients'
 * side of it is the rule findClientThread applies to the help site's thread, so a client who can see a ticket
 * there can open its files (the file routes ask here) and nobody else can. Being copied in grants nothing here: a
 * copied person reads by mail (docs/DECISIONS.md).
 */
export async function mayReadTicketOf(ctx: DomainContext, actor: Actor | null, ownerId: number | null): Promise<boolean> {
  if (mayReadTicket(actor, ownerId)) return true;
  if (actor?.role !== 'client' || ownerId === null) return false;
  return (await ticketAuthorsVisibleTo(ctx, actor.id)).includes(ownerId);
}
