import { randomUUID } from 'node:crypto';
import { formatSize } from '../../../../common/format-size.js';
import { CLIENT_TICKETS_PER_PAGE, COMMENT_TEXT_MAX } from '../../../../common/limits.js';
import { SiteTime } from '../../../../common/site-time.js';
import type { ClientThread, ClientTicketPage } from '../../../domain/tickets/client-tickets.js';
import type { AttachmentsByComment } from '../../../files/list-attachments.js';
import { Markdown } from '../../../markdown/markdown.js';
import type { TicketFormField } from '../../../settings/schema-types.js';
import { AttachmentList } from '../../shared/attachment-list.js';
import { Notice } from '../../shared/notices.js';
import { ticketFormLimit } from './ticket-form-limit.js';

function SignInFirst({ homeUrl, returnTo, what }: { homeUrl: string; returnTo: string; what: string }) {
  return (
    <p className="panel">
      <a href={`${homeUrl}/login/?return_to=${encodeURIComponent(returnTo)}`}>Sign in</a> {what}
    </p>
  );
}

export interface TicketsShortcodeProps {
  homeUrl: string;
  /** This page's path (the thread's reply form returns here). */
  pagePath: string;
  signedIn: boolean;
  csrf: string;
  /** One page of the client's tickets (`?paged=N`). */
  tickets?: ClientTicketPage & { page: number };
  thread?: ClientThread;
  notice: string | null;
  /** The site's time zone (Settings → General): times are shown in it. */
  timeZone: string;
  /** The thread's files by comment (null: the description), and their address. */
  files?: AttachmentsByComment;
  fileUrl?: (publicId: string) => string;
  /** Tickets → Attachments for a reply on this ticket; no file picker without it. */
  fileRules?: FormFileRules;
}

/** [helpdesk_tickets]: the signed-in client's tickets, or one thread with a reply box (`?ticket=<number>`, the number the client reads). */
export function TicketsShortcode({
  homeUrl,
  pagePath,
  signedIn,
  csrf,
  tickets,
  thread,
  notice,
  timeZone,
  files,
  fileUrl = (id) => id,
  fileRules,
}: TicketsShortcodeProps) {
  const when = (iso: string) => <SiteTime iso={iso} timeZone={timeZone} />;
  if (!signedIn) return <SignInFirst homeUrl={homeUrl} returnTo={pagePath} what="to see your tickets." />;
  const pageUrl = `${homeUrl}${pagePath.slice(new URL(homeUrl).pathname.replace(/\/$/, '').length)}`;
  if (thread) {
    return (
      <article aria-labelledby="thread-title">
        <p>
          <a href={pageUrl}>← All my tickets</a>
        </p>
        <h2 id="thread-title">{thread.title}</h2>
        <p>
          Ticket #{thread.number ?? thread.id} · <span className="status">{thread.status}</span>
        </p>
        <Notice code={notice} />
        <ol className="thread">
          <li className="thread-entry from-client">
            <p className="thread-meta">You wrote on {when(thread.createdAt)}</p>
            <Markdown text={thread.description} className="thread-text markdown" />
            <AttachmentList files={files?.get(null)} url={fileUrl} />
          </li>
          {thread.entries.map((entry) => (
            <li key={entry.id} className={`thread-entry from-${entry.role}`}>
              <p className="thread-meta">
                {entry.role === 'client' ? 'You' : entry.authorName} wrote on {when(entry.createdAt)}
              </p>
              {/* Everyone's words go through the one renderer and sanitiser, so the client reads them as the agents do. */}
              <Markdown text={entry.text} className="thread-text markdown" />
              <AttachmentList files={files?.get(entry.id)} url={fileUrl} />
            </li>
          ))}
        </ol>
        <form method="post" action={`${homeUrl}/account/reply/`} className="panel" encType="multipart/form-data">
          <input type="hidden" name="_csrf" value={csrf} />
          <input type="hidden" name="ticket_id" value={String(thread.id)} />
          <input type="hidden" name="return_to" value={pagePath} />
          <p className="field">
            <label htmlFor="reply-text">Your reply</label>
            <textarea id="reply-text" name="text" required maxLength={COMMENT_TEXT_MAX} />
          </p>
          {fileRules && <FileInput id="reply-files" homeUrl={homeUrl} rules={fileRules} />}
          <button type="submit">Send reply</button>
        </form>
        {/* Solved is the client's answer to a reply: there is nothing to call solved before an agent has answered. */}
        {thread.isOpen && thread.isAnswered && (
          <form method="post" action={`${homeUrl}/account/solve/`} className="panel">
            <input type="hidden" name="_csrf" value={csrf} />
            <input type="hidden" name="ticket_id" value={String(thread.id)} />
            <input type="hidden" name="return_to" value={pagePath} />
            <p className="hint">Did this answer your question?</p>
            <button type="submit">Mark as solved</button>
          </form>
        )}
      </article>
    );
  }
  return (
    <section aria-label="My tickets">
      <Notice code={notice} />
      {!tickets?.total ? (
        <p>
          You have no tickets yet. <a href={`${homeUrl}/tickets/new/`}>File a new ticket</a>.
        </p>
      ) : (
        <>
          <table className="ticket-list">
            <caption className="hint">Your tickets, most recently updated first</caption>
            <thead>
              <tr>
                <th scope="col">Ticket</th>
                <th scope="col">Status</th>
                <th scope="col">Last update</th>
              </tr>
            </thead>
            <tbody>
              {tickets.tickets.map((t) => (
                <tr key={t.id}>
                  <td>
                    <a href={`${pageUrl}?ticket=${t.number}`}>{t.title}</a> <span className="hint">#{t.number ?? t.id}</span>
                  </td>
                  <td>
                    <span className="status">{t.status}</span>
                  </td>
                  <td>{when(t.updatedAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <TicketPages pageUrl={pageUrl} page={tickets.page} total={tickets.total} />
        </>
      )}
    </section>
  );
}

/** Older and newer pages of the ticket list, when there is more than one. */
function TicketPages({ pageUrl, page, total }: { pageUrl: string; page: number; total: number }) {
  const pages = Math.ceil(total / CLIENT_TICKETS_PER_PAGE);
  if (pages <= 1) return null;
  return (
    <nav aria-label="Ticket pages" className="pages">
      {page > 1 && <a href={page === 2 ? pageUrl : `${pageUrl}?paged=${page - 1}`}>← Newer tickets</a>}{' '}
      <span className="hint">
        Page {Math.min(page, pages)} of {pages}
      </span>{' '}
      {page < pages && <a href={`${pageUrl}?paged=${page + 1}`}>Older tickets →</a>}
    </nav>
  );
}

export interface NewTicketShortcodeProps {
  homeUrl: string;
  pagePath: string;
  signedIn: boolean;
  csrf: string;
  fields: TicketFormField[];
  choices: {
    product: Array<{ id: number; name: string }>;
    reason: Array<{ id: number; name: string }>;
    urgency: Array<{ id: number; name: string }>;
  };
  notice: string | null;
  /** Tickets → Attachments for a new ticket; no file picker without it. */
  fileRules?: FormFileRules;
}

/** [helpdesk_new_ticket]: the new-ticket form driven by Tickets → Form fields, custom fields included. */
export function NewTicketShortcode({ homeUrl, pagePath, signedIn, csrf, fields, choices, notice, fileRules }: NewTicketShortcodeProps) {
  if (!signedIn) return <SignInFirst homeUrl={homeUrl} returnTo={pagePath} what="to file a ticket." />;
  return (
    <form method="post" action={`${homeUrl}/account/new-ticket/`} className="panel" encType="multipart/form-data">
      <Notice code={notice} />
      <input type="hidden" name="_csrf" value={csrf} />
      <input type="hidden" name="return_to" value={pagePath} />
      {/* One key per rendered form: a double submit files one ticket. */}
      <input type="hidden" name="idempotency_key" value={randomUUID()} />
      {fields.map((field) => {
        const id = `field-${field.key}`;
        const name = field.builtin ? field.key : `custom_${field.key}`;
        const label = (
          <>
            {field.label}
            {field.required && (
              <span className="required" aria-hidden="true">
                {' '}
                *
              </span>
            )}
          </>
        );
        if (field.type === 'checkbox') {
          return (
            <p className="field" key={field.key}>
              <label className="checkbox-label" htmlFor={id}>
                <input id={id} name={name} type="checkbox" value="1" required={field.required} />
                {label}
              </label>
            </p>
          );
        }
        if (field.type === 'select') {
          const options = field.builtin
            ? (choices[field.key as keyof typeof choices] ?? []).map((c) => ({ value: String(c.id), label: c.name }))
            : (field.options ?? []).map((o) => ({ value: o, label: o }));
          if (field.builtin && options.length === 0) return null;
          return (
            <p className="field" key={field.key}>
              <label htmlFor={id}>{label}</label>
              <select id={id} name={name} required={field.required} defaultValue="">
                <option value="">{field.required ? 'Choose…' : '(none)'}</option>
                {options.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            </p>
          );
        }
        return (
          <p className="field" key={field.key}>
            <label htmlFor={id}>{label}</label>
            {field.type === 'textarea' ? (
              <textarea id={id} name={name} required={field.required} maxLength={ticketFormLimit(field)} />
            ) : (
              <input id={id} name={name} required={field.required} maxLength={ticketFormLimit(field)} />
            )}
          </p>
        );
      })}
      {fileRules && <FileInput id="new-ticket-files" homeUrl={homeUrl} rules={fileRules} />}
      <button type="submit">File the ticket</button>
    </form>
  );
}

/** What a form's files may be (Tickets → Attachments), as the page tells the person and its script. */
export interface FormFileRules {
  maxFileBytes: number;
  maxFiles: number;
  /** The allowed kinds in words ("images, PDF, …"): the server decides by content, never by name. */
  kinds: string;
}

/**
 * The optional file picker of the reply and new-ticket forms (`attachments`, several files). The limits go
 * in data attributes for content/theme/form-files.js, which adds chips, checks and a progress bar; without
 * script the plain input posts with the form.
 */
function FileInput({ id, homeUrl, rules }: { id: string; homeUrl: string; rules: FormFileRules }) {
  const kinds = rules.kinds.charAt(0).toUpperCase() + rules.kinds.slice(1);
  const most = `at most ${rules.maxFiles} ${rules.maxFiles === 1 ? 'file' : 'files'}`;
  return (
    <div className="field form-files">
      <label htmlFor={id}>Attach files (optional)</label>
      <input
        id={id}
        name="attachments"
        type="file"
        multiple
        aria-describedby={`${id}-hint`}
        data-form-files=""
        data-max-file-bytes={rules.maxFileBytes}
        data-max-files={rules.maxFiles}
      />
      <span id={`${id}-hint`} className="hint">
        {kinds}; up to {formatSize(rules.maxFileBytes)} each, {most}.
      </span>
      <script src={`${homeUrl}/content/theme/form-files.js`} defer />
    </div>
  );
}
