import { Markdown } from '../../../common/markdown.js';
import type { TicketDetail } from '../api/api.js';
import { When } from '../shared/when.js';
import { AttachmentLinks } from './attachments.js';
import { RatingEvent } from './rating-event.js';
import { threadOf } from './thread-of.js';
import { describeChange } from './ticket-changes.js';

/** The conversation: the client's description, then the replies, notes, field changes and ratings by time. */
export function TicketThread({ ticket }: { ticket: TicketDetail }) {
  return (
    <ol className="thread" aria-label="Conversation">
      <li className="message from-client">
        <MessageHead author={ticket.client?.name ?? 'Client'} authorRole="client" time={ticket.created} />
        <Markdown text={ticket.description} className="message-body markdown" />
        <AttachmentLinks files={ticket.attachments} />
      </li>
      {threadOf(ticket).map((c) =>
        'kind' in c && c.kind === 'rating' ? (
          <RatingEvent key={`rating-${c.version}`} event={c} ticket={ticket} />
        ) : 'kind' in c ? (
          <li key={`event-${c.version}-${c.field}`} className="thread-event muted" data-testid="thread-event">
            {describeChange(c)} · <When iso={c.created} />
          </li>
        ) : (
          <li key={c.id} className={`message from-${c.role}${c.internal ? ' internal' : ''}`}>
            <MessageHead
              author={c.author || (c.role === 'client' ? 'Client' : 'Agent')}
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
  return (
    <p className="message-head">
      <strong>{author}</strong>
      <span className="muted"> · {authorRole === 'client' ? 'Client' : authorRole === 'bot' ? 'Automatic reply' : 'Agent'}</span>
      {internal && <span className="tag internal-tag">Internal note</span>}
      <When iso={time} className="muted" />
    </p>
  );
}
