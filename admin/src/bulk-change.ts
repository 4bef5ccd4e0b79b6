import { api, type InboxTicket, type Lookups, type RequestOf, type ResponseOf } from './api.js';

type BulkFields = Required<Omit<RequestOf<'bulkUpdateTickets'>, 'ids'>>;
/** One change for many tickets, as POST /tickets/bulk takes it: one of its fields at a time. */
export type BulkChange = { [Field in keyof BulkFields]: Pick<BulkFields, Field> }[keyof BulkFields];

/**
 * Sends one change for the tickets (all or nothing) and says what happened in words, for the live region.
 * Throws the API's error; the caller shows it.
 */
export async function applyBulkChange(ids: number[], change: BulkChange, what: string): Promise<string> {
  const result = await api<ResponseOf<'bulkUpdateTickets'>>('POST', '/tickets/bulk', { ids, ...change });
  const n = result.changed.length;
  return (
    `${what}: ${n} ${n === 1 ? 'ticket' : 'tickets'} ` +
    `changed${result.unchanged.length ? `, ${result.unchanged.length} already so` : ''}.`
  );
}

/**
 * What a change made of a ticket, as far as the list shows it, and in words: kept for a ticket the change took
 * out of the view, which stays on screen (dimmed, "Resolved — no longer in this view") until the agent moves on.
 */
export function describeBulkChange(change: BulkChange, lookups: Lookups): { fields: Partial<InboxTicket>; label: string } {
  if ('status' in change) {
    const status = lookups.statuses.find((s) => s.slug === change.status);
    return { fields: { status: status ? { slug: status.slug, name: status.name } : null }, label: status?.name ?? change.status };
  }
  if ('assignee' in change) {
    const user = lookups.staff.find((u) => u.id === change.assignee);
    return {
      fields: { assignee: user ? { id: user.id, name: user.name } : null },
      label: user ? `Assigned to ${user.name}` : 'Unassigned',
    };
  }
  return { fields: {}, label: 'add_tag' in change ? `Tagged ${change.add_tag}` : `Tag ${change.remove_tag} removed` };
}
