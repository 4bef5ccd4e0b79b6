import { useT } from '../i18n/i18n.js';
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
  const { t } = useT();
  const pageIds = rows.map((row) => row.id);
  const isAllSelected = pageIds.length > 0 && pageIds.every((id) => selected.has(id));
  return (
    <div className="table-scroll">
      <table className="tickets">
        <caption className="visually-hidden">{t('admin.table.caption')}</caption>
        <thead>
          <tr>
            <th scope="col" className="select-cell">
              <input
                type="checkbox"
                aria-label={t('admin.table.selectAll')}
                checked={isAllSelected}
                onChange={() => onSelectAll(isAllSelected ? [] : pageIds)}
              />
            </th>
            <th scope="col">{t('admin.table.subject')}</th>
            <th scope="col">{t('admin.table.client')}</th>
            <th scope="col">{t('admin.table.status')}</th>
            <th scope="col">{t('admin.table.assignee')}</th>
            <th scope="col">{t('admin.table.lastActivity')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <TicketRow key={row.id} ticket={row} words={words} isSelected={selected.has(row.id)} onToggle={() => onToggle(row.id)} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
