import { TicketRow } from './ticket-row.js';
import type { KeptRow } from './use-kept-order.js';

/** The inbox's tickets, most recent activity first, each with a tick box, and one for the whole page. */
export function TicketTable({
  rows,
  words,
  selected,
  onToggle,
  onSelectAll,
}: {
  rows: KeptRow[];
  words: string[];
  selected: Set<number>;
  onToggle: (id: number) => void;
  onSelectAll: (ids: number[]) => void;
}) {
  const pageIds = rows.map((t) => t.id);
  const isAllSelected = pageIds.length > 0 && pageIds.every((id) => selected.has(id));
  return (
    <div className="table-scroll">
      <table className="tickets">
        <caption className="visually-hidden">Tickets, most recent activity first</caption>
        <thead>
          <tr>
            <th scope="col" className="select-cell">
              <input
                type="checkbox"
                aria-label="Select every ticket on this page"
                checked={isAllSelected}
                onChange={() => onSelectAll(isAllSelected ? [] : pageIds)}
              />
            </th>
            <th scope="col">Subject</th>
            <th scope="col">Client</th>
            <th scope="col">Status</th>
            <th scope="col">Assignee</th>
            <th scope="col">Last activity</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((t) => (
            <TicketRow key={t.id} ticket={t} words={words} isSelected={selected.has(t.id)} onToggle={() => onToggle(t.id)} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
