import type { DomainContext } from '../context.js';

/** A doc the widget showed the visitor before they filed this ticket. */
export interface DocReadBeforeFiling {
  id: number;
  title: string;
  slug: string;
  /** The visitor opened it (not only saw it among the suggestions). */
  opened: boolean;
}

/**
 * The docs shown and opened in the widget session that filed the ticket (its `submitted` event names the
 * ticket), opened ones first; empty for a ticket filed without suggestions. Staff only: the route checks.
 */
export async function readBeforeFiling(ctx: DomainContext, ticketId: number): Promise<DocReadBeforeFiling[]> {
  const rows = await ctx.db
    .selectFrom('widget_events as filed')
    .innerJoin('widget_events as e', 'e.session', 'filed.session')
    .innerJoin('posts as p', 'p.id', 'e.doc_id')
    .select(['p.id', 'p.title', 'p.slug', 'e.event'])
    .where('filed.ticket_id', '=', ticketId)
    .where('filed.event', '=', 'submitted')
    .where('e.event', 'in', ['shown', 'doc_opened'])
    .where('p.type', '=', 'doc')
    .execute();
  const docs = new Map<number, DocReadBeforeFiling>();
  for (const row of rows) {
    const doc = docs.get(row.id) ?? { id: row.id, title: row.title, slug: row.slug, opened: false };
    doc.opened ||= row.event === 'doc_opened';
    docs.set(row.id, doc);
  }
  return [...docs.values()].sort((a, b) => Number(b.opened) - Number(a.opened) || a.id - b.id);
}
