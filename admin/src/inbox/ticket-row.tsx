import { useT } from '../i18n/i18n.js';
import { termName } from '../i18n/term-name.js';
import { Link } from '../shared/router.js';
import { TagChip } from '../shared/tag-chip.js';
import { When } from '../shared/when.js';
import { DueChip } from './due-chip.js';
import { Highlight, Snippet } from './highlight.js';
import type { KeptRow } from './use-kept-order.js';

/** One ticket of the inbox: its tick box, subject (the search's words marked), client, status, assignee, time. */
export function TicketRow({
  ticket: t,
  words,
  isSelected,
  onToggle,
}: {
  ticket: KeptRow;
  words: string[];
  isSelected: boolean;
  onToggle: () => void;
}) {
  const translator = useT();
  const tr = translator.t;
  return (
    <tr
      className={[t.unread && 'unread', t.goneNote && 'gone'].filter(Boolean).join(' ') || undefined}
      data-testid={`ticket-row-${t.id}`}
      data-ticket-id={t.id}
    >
      <td className="select-cell">
        <input
          type="checkbox"
          aria-label={tr('admin.inbox.selectTicket', { number: t.number ?? t.id, title: t.title })}
          checked={isSelected}
          onChange={onToggle}
        />
      </td>
      <td>
        {t.unread && (
          <span className="unread-dot" data-testid="unread-dot">
            <span className="visually-hidden">{tr('admin.notifications.unreadLine')} </span>
          </span>
        )}
        <Link to={`tickets/${t.number}`} className="subject" dir="auto">
          <Highlight text={t.title} words={words} />
        </Link>
        <bdi className="ticket-id">#{t.number ?? t.id}</bdi>
        {t.urgency && <bdi className={`tag urgency-${t.urgency.slug}`}>{termName(translator, 'urgency', t.urgency)}</bdi>}
        {t.sla_due_at && <DueChip dueAt={t.sla_due_at} />}
        {t.tags.map((tag) => (
          <TagChip key={tag.id} tag={tag} />
        ))}
        {t.goneNote && (
          <span className="gone-note" data-testid="gone-note">
            {t.goneNote}
          </span>
        )}
        {t.snippet && <Snippet parts={t.snippet} />}
      </td>
      <td data-label={tr('admin.table.client')}>
        {t.client ? (
          <Link to={`?client=${t.client.id}`} title={t.client.email} dir="auto">
            <Highlight text={t.client.name} words={words} />
          </Link>
        ) : (
          '—'
        )}
      </td>
      <td data-label={tr('admin.table.status')}>
        <bdi className={`pill status-${t.status?.slug ?? 'none'}`}>{t.status ? termName(translator, 'status', t.status) : '—'}</bdi>
      </td>
      <td data-label={tr('admin.table.assignee')}>
        {t.assignee ? <bdi>{t.assignee.name}</bdi> : <span className="muted">{tr('admin.filters.unassigned')}</span>}
      </td>
      <td data-label={tr('admin.table.lastActivity')}>
        <When iso={t.modified} />
      </td>
    </tr>
  );
}
