import { useEffect, useState } from 'react';
import type { InboxTicket } from '../api/api.js';
import { translator } from '../i18n/i18n.js';

/** A row of a kept list: a ticket as last seen, and why it is no longer in the view when it is not. */
export type KeptRow = InboxTicket & { goneNote?: string };

interface Kept {
  order: number[];
  /** Each kept ticket as last seen (or as the agent's own change made it). */
  known: Map<number, InboxTicket>;
  /** What the agent's last change did to a ticket, in words, for its note once it leaves the view. */
  notes: Map<number, string>;
}

/**
 * While `isKeeping` (tickets are selected), the list stays in the order it had when the first was ticked:
 * a bulk change or a colleague's reply refreshes each row in place instead of moving it, so the next action
 * hits the tickets the agent sees. A ticket no longer in the view stays, with a note, until the agent moves on;
 * tickets new to the list are only counted (`added`). `release` shows the list as the server now orders it.
 */
export function useKeptOrder(tickets: InboxTicket[] | undefined, isKeeping: boolean) {
  const [kept, setKept] = useState<Kept | null>(null);
  // Kept from the list on screen when the first ticket is ticked (or when the agent asks for the fresh order).
  useEffect(() => {
    if (!isKeeping) setKept(null);
    else if (tickets && !kept)
      setKept({ order: tickets.map((t) => t.id), known: new Map(tickets.map((t) => [t.id, t])), notes: new Map() });
  }, [tickets, isKeeping, kept]);
  // Each fetch refreshes the kept tickets it holds: one that leaves the view later shows its latest state.
  useEffect(() => {
    if (!tickets) return;
    setKept((current) => {
      if (!current) return current;
      const known = new Map(current.known);
      for (const t of tickets) if (known.has(t.id)) known.set(t.id, t);
      return { ...current, known };
    });
  }, [tickets]);

  if (!kept || !tickets) return { rows: (tickets ?? []) as KeptRow[], added: 0, isMoved: false, patch: () => {}, release: () => {} };
  const fresh = new Map(tickets.map((t) => [t.id, t]));
  const rows = kept.order.flatMap((id): KeptRow[] => {
    const now = fresh.get(id);
    if (now) return [now];
    const last = kept.known.get(id);
    const note = kept.notes.get(id);
    return last
      ? [{ ...last, goneNote: note ? translator().t('admin.inbox.goneWith', { note }) : translator().t('admin.inbox.gone') }]
      : [];
  });
  const kepts = new Set(kept.order);
  const added = tickets.filter((t) => !kepts.has(t.id)).length;
  const shownOrder = tickets.map((t) => t.id).join();
  const isMoved = added > 0 || rows.length !== tickets.length || kept.order.join() !== shownOrder;
  return {
    rows,
    added,
    /** The list no longer matches what the server would show: the agent may ask for the fresh order. */
    isMoved,
    /** The agent's own change to these tickets, kept for their notes (the server's rows win where shown). */
    patch: (ids: number[], fields: Partial<InboxTicket>, note: string) =>
      setKept((current) => {
        if (!current) return current;
        const known = new Map(current.known);
        const notes = new Map(current.notes);
        for (const id of ids) {
          const last = known.get(id);
          if (last) known.set(id, { ...last, ...fields });
          // A ticket already out of the view keeps the note of the change that took it out.
          if (fresh.has(id) || !notes.has(id)) notes.set(id, note);
        }
        return { ...current, known, notes };
      }),
    /** The server's order from now on (kept again while tickets stay selected). */
    release: () => setKept(null),
  };
}
