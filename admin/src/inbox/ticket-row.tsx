import { Link } from '../shared/router.js';
import { TagChip } from '../shared/tag-chip.js';
import { When } from '../shared/when.js';
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
  return (
    <tr
      className={[t.unread && 'unread', t.goneNote && 'gone'].filter(Boolean).join(' ') || undefined}
      data-testid={`ticket-row-${t.id}`}
      data-ticket-id={t.id}
    >
      <td className="select-cell">
        <input type="checkbox" aria-label={`Select #${t.number ?? t.id} ${t.title}`} checked={isSelected} onChange={onToggle} />
      </td>
      <td>
        {t.unread && (
          <span className="unread-dot" data-testid="unread-dot">
            <span className="visually-hidden">Unread: </span>
          </span>
        )}
        <Link to={`tickets/${t.number}`} className="subject">
          <Highlight text={t.title} words={words} />
        </Link>
        <span className="ticket-id">#{t.number ?? t.id}</span>
        {t.urgency && <span className={`tag urgency-${t.urgency.slug}`}>{t.urgency.name}</span>}
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
      <td data-label="Client">
        {t.client ? (
          <Link to={`?client=${t.client.id}`} title={t.client.email}>
            <Highlight text={t.client.name} words={words} />
          </Link>
        ) : (
          '—'
        )}
      </td>
      <td data-label="Status">
        <span className={`pill status-${t.status?.slug ?? 'none'}`}>{t.status?.name ?? '—'}</span>
      </td>
      <td data-label="Assignee">{t.assignee?.name ?? <span className="muted">Unassigned</span>}</td>
      <td data-label="Last activity">
        <When iso={t.modified} />
      </td>
    </tr>
  );
}
