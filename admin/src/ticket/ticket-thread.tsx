import { Markdown } from '../../../common/markdown.js';
import type { TicketDetail } from '../api/api.js';
import { useT } from '../i18n/i18n.js';
import { When } from '../shared/when.js';
import { AttachmentLinks } from './attachments.js';
import { RatingEvent } from './rating-event.js';
import { threadOf } from './thread-of.js';
import { describeChange } from './ticket-changes.js';

/** The conversation: the client's description, then the replies, notes, field changes and ratings by time. */
export function TicketThread({
  ticket,
  picking,
}: {
  ticket: TicketDetail;
  /** While messages are picked for a new ticket (a split): which are, and how one is picked or let go. */
  picking?: { selected: ReadonlySet<number>; toggle: (id: number) => void };
}) {
  const { t } = useT();
  return (
    <ol className="thread" aria-label={t('admin.ticket.conversation')}>
      {/* A ticket made by a split, or merged into another, has no description of its own. */}
      {(ticket.description || ticket.attachments.length > 0) && (
        <li className="message from-client">
          <MessageHead author={ticket.client?.name ?? t('admin.table.client')} authorRole="client" time={ticket.created} />
          <Markdown text={ticket.description} className="message-body markdown" />
          <AttachmentLinks files={ticket.attachments} />
        </li>
      )}
      {threadOf(ticket).map((c) =>
        'kind' in c && c.kind === 'rating' ? (
          <RatingEvent key={`rating-${c.version}`} event={c} ticket={ticket} />
        ) : 'kind' in c ? (
          <li key={`event-${c.version}-${c.field}`} className="thread-event muted" data-testid="thread-event">
            {describeChange(c)} · <When iso={c.created} />
          </li>
        ) : (
          <li key={c.id} className={`message from-${c.role}${c.internal ? ' internal' : ''}`}>
            {picking && (
              <label className="split-pick">
                <input type="checkbox" checked={picking.selected.has(c.id)} onChange={() => picking.toggle(c.id)} /> {t('admin.split.pick')}
              </label>
            )}
            <MessageHead
              author={c.author || t('admin.ticket.role', { role: c.role })}
              authorRole={c.role}
              time={c.created}
              internal={c.internal}
            />
            {/* Everyone's words, the client's as the agent's, through the one renderer and sanitiser (as on the help site). */}
            <Markdown text={c.text} className="message-body markdown" />
            <AttachmentLinks files={c.attachments} />
          </li>
        ),
      )}
    </ol>
  );
}

function MessageHead({ author, authorRole, time, internal }: { author: string; authorRole: string; time: string; internal?: boolean }) {
  const { t } = useT();
  return (
    <p className="message-head">
      <strong>
        <bdi>{author}</bdi>
      </strong>
      <span className="muted"> · {t('admin.ticket.role', { role: authorRole })}</span>
      {internal && <span className="tag internal-tag">{t('admin.composer.note')}</span>}
      <When iso={time} className="muted" />
    </p>
  );
}
