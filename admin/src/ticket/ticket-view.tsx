import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { Markdown } from '../../../common/markdown.js';
import { ApiError, api, apiForm, type Comment, type Lookups, type Me, type TicketDetail, type TicketEvent } from '../api/api.js';
import { useDebounced, useLiveEvents } from '../live/live-events.js';
import { useReportPresence } from '../live/report-presence.js';
import { useShortcuts } from '../shared/keyboard-shortcuts.js';
import { MarkdownPreview } from '../shared/markdown-preview.js';
import { Link } from '../shared/router.js';
import { useTags } from '../shared/use-tags.js';
import { useTicketShortcuts } from '../shared/use-ticket-shortcuts.js';
import { When } from '../shared/when.js';
import { AttachmentLinks, FileChips } from './attachments.js';
import { changesToAsk, othersChanges } from './changes-to-ask.js';
import { PresenceLine } from './presence-line.js';
import { RatingEvent } from './rating-event.js';
import { SavedReplyPicker } from './saved-reply-picker.js';
import { ChangedNotice, describeChange } from './ticket-changes.js';
import { TicketTagsEditor } from './ticket-tags-editor.js';

type Kind = 'reply' | 'note';

/**
 * The ticket people call #<number> (`/admin/tickets/12`; the API's routes take its id, so it is found by
 * its number first, in the one request that also reads it), then shown by TicketScreen.
 */
export function TicketView({ number, lookups, me }: { number: number; lookups: Lookups; me: NonNullable<Me['user']> }) {
  const [found, setFound] = useState<TicketDetail | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    api<TicketDetail>('GET', `/tickets/by-number/${number}`).then(setFound, (e: Error) => setError(e.message));
  }, [number]);
  if (error)
    return (
      <p className="alert" role="alert">
        {error}
      </p>
    );
  if (!found) return <p aria-busy="true">Loading…</p>;
  return <TicketScreen key={found.id} initial={found} lookups={lookups} me={me} />;
}

/** One ticket: the thread, the reply / internal-note composer, the ticket's controls and the client sidebar. */
function TicketScreen({ initial, lookups, me }: { initial: TicketDetail; lookups: Lookups; me: NonNullable<Me['user']> }) {
  const id = initial.id;
  const [ticket, setTicket] = useState<TicketDetail | null>(initial);
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  // A change refused because a colleague changed the ticket first: what they did, and the change to retry.
  const [conflict, setConflict] = useState<{ changes: TicketEvent[]; action: string; retry: () => void } | null>(null);
  // Answers can come back out of order (a live refetch sent before a change, answered after it): the ticket
  // shown only moves forward, by its version, so an older answer never undoes a newer one.
  const showTicket = (next: TicketDetail) =>
    setTicket((current) => (current && current.id === next.id && current.version > next.version ? current : next));
  const reload = () => api<TicketDetail>('GET', `/tickets/${id}`).then(showTicket, (e: Error) => setError(e.message));
  // A colleague's reply or change shows without a reload; the draft in the composer stays as typed.
  const refetch = useDebounced(() => void reload(), 150);
  const { tags: knownTags, reloadTags } = useTags();
  useLiveEvents((event) => {
    if (event.name === 'resync' || event.name === 'tag.changed') {
      // A tag renamed, recoloured or deleted elsewhere: this ticket's chips and the tag suggestions follow.
      if (event.name === 'tag.changed') reloadTags();
      refetch();
    } else if (event.name !== 'presence' && event.data.ticket === id && (event.data.version ?? 0) > (ticket?.version ?? 0)) refetch();
  });
  const [drafting, setDrafting] = useState(false);
  useReportPresence(id, drafting ? 'replying' : 'viewing');
  useEffect(() => {
    if (ticket) document.title = `#${ticket.number ?? ticket.id} ${ticket.title} · Helpdesk admin`;
  }, [ticket]);

  // Sends the version shown (`against`), so a colleague's change since is shown instead of overwritten. When
  // only changes that need no question came in between (changesToAsk), it goes again against the version the
  // server named, at most twice; "Save anyway" sends against the version the notice showed.
  const change = async (
    field: string,
    value: string | number | string[] | null,
    label: string,
    against: number | undefined = ticket?.version,
    retries = 2,
  ): Promise<void> => {
    setConflict(null);
    try {
      const body = against === undefined ? { [field]: value } : { [field]: value, version: against };
      showTicket(await api<TicketDetail>('PATCH', `/tickets/${id}`, body));
      setNotice(`${label} saved.`);
      setError('');
    } catch (e) {
      if (e instanceof ApiError && e.problem.code === 'TICKET_CHANGED' && e.problem.changes) {
        const current = e.problem.current_version;
        if (current !== undefined && retries > 0 && changesToAsk(e.problem.changes, me.id, field).length === 0) {
          await change(field, value, label, current, retries - 1);
          return;
        }
        const retry = () => void change(field, value, label, current);
        setConflict({ changes: othersChanges(e.problem.changes, me.id), action: `Save ${label.toLowerCase()}`, retry });
        void reload();
        return;
      }
      setError(e instanceof Error ? e.message : String(e));
    }
  };
  // a, s and c (outside any field): assign to me, choose a status, close; saved as the side panel saves them.
  const statusMenu = useTicketShortcuts(lookups.statuses, {
    assignToMe: () => void change('assignee', me.id, 'Assignee'),
    setStatus: (slug) => void change('status', slug, 'Status'),
  });

  if (error && !ticket)
    return (
      <p className="alert" role="alert">
        {error}
      </p>
    );
  if (!ticket) return <p aria-busy="true">Loading…</p>;
  const meta = Object.entries(ticket.meta);
  return (
    <div className="ticket-layout">
      <article className="ticket-main" aria-labelledby="ticket-title">
        <p className="crumbs">
          <Link to="">← Inbox</Link>
        </p>
        <h1 id="ticket-title">
          {ticket.title} <span className="ticket-id">#{ticket.number ?? ticket.id}</span>
        </h1>
        <p className="muted">
          Status{' '}
          <span className={`pill status-${ticket.status?.slug ?? 'none'}`} data-testid="ticket-status">
            {ticket.status?.name ?? '—'}
          </span>
          {' · '}opened <When iso={ticket.created} />
        </p>
        <PresenceLine ticketId={ticket.id} me={me.id} />
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
        <Composer
          ticketId={ticket.id}
          version={ticket.version}
          comments={ticket.comments}
          me={me.id}
          statuses={lookups.statuses}
          onSent={showTicket}
          onReload={reload}
          onDrafting={setDrafting}
        />
      </article>

      {statusMenu}
      <aside className="ticket-side" aria-label="Ticket details">
        <section className="card">
          <h2>Ticket</h2>
          <p className="visually-hidden" role="status">
            {notice}
          </p>
          {error && (
            <p className="alert" role="alert">
              {error}
            </p>
          )}
          {conflict && (
            <ChangedNotice
              changes={conflict.changes}
              comments={ticket.comments}
              action={conflict.action}
              onProceed={conflict.retry}
              onReview={() => {
                setConflict(null);
                void reload();
              }}
            />
          )}
          <SideSelect
            id="ticket-status-select"
            label="Status"
            value={ticket.status?.slug ?? ''}
            required
            options={lookups.statuses.map((s) => ({ value: s.slug, label: s.name }))}
            onChange={(v) => change('status', v, 'Status')}
          />
          <SideSelect
            id="ticket-assignee"
            label="Assignee"
            value={ticket.assignee ? String(ticket.assignee.id) : ''}
            emptyLabel="Unassigned"
            options={lookups.staff.map((u) => ({ value: String(u.id), label: u.name }))}
            onChange={(v) => change('assignee', v ? Number(v) : null, 'Assignee')}
          />
          <SideSelect
            id="ticket-product"
            label="Product"
            value={ticket.product ? String(ticket.product) : ''}
            emptyLabel="None"
            options={lookups.products.map((p) => ({ value: String(p.id), label: p.name }))}
            onChange={(v) => change('product', v ? Number(v) : null, 'Product')}
          />
          <SideSelect
            id="ticket-reason"
            label="Reason"
            value={ticket.reason?.slug ?? ''}
            emptyLabel="None"
            options={lookups.reasons.map((r) => ({ value: r.slug, label: r.name }))}
            onChange={(v) => change('reason', v || null, 'Reason')}
          />
          <SideSelect
            id="ticket-urgency"
            label="Urgency"
            value={ticket.urgency?.slug ?? ''}
            emptyLabel="None"
            options={lookups.urgencies.map((u) => ({ value: u.slug, label: u.name }))}
            onChange={(v) => change('urgency', v || null, 'Urgency')}
          />
          <TicketTagsEditor
            tags={ticket.tags}
            known={knownTags}
            onChange={(names) => void change('tags', names, 'Tags').then(reloadTags)}
          />
        </section>

        <section className="card" aria-labelledby="client-heading">
          <h2 id="client-heading">Client</h2>
          {ticket.client ? (
            <>
              <p className="client-name">{ticket.client.name}</p>
              <p>
                <a href={`mailto:${ticket.client.email}`}>{ticket.client.email}</a>
              </p>
            </>
          ) : (
            <p className="muted">No account.</p>
          )}
          {meta.length > 0 && (
            <dl className="meta">
              {meta.map(([key, value]) => (
                <div key={key}>
                  {/* The label the owner gives the field now (the server's); the key only if no label came. */}
                  <dt>{ticket.meta_labels?.[key] ?? (key === 'order' ? 'Order ID' : key.replace(/^custom_/, '').replace(/_/g, ' '))}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
          )}
          <h3>Other tickets</h3>
          {ticket.other_tickets.length === 0 ? (
            <p className="muted">None.</p>
          ) : (
            <ul className="other-tickets">
              {ticket.other_tickets.map((t) => (
                <li key={t.id}>
                  <Link to={`tickets/${t.number}`}>{t.title}</Link>
                  <span className="muted">
                    {' '}
                    · {t.status?.name ?? ''} · <When iso={t.modified} />
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
      </aside>
    </div>
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

/** The comments with the field changes between them (replies and notes are already comments), by time. */
function threadOf(ticket: TicketDetail): Array<TicketDetail['comments'][number] | TicketEvent> {
  const fieldEvents = ticket.events.filter((e) => e.kind === 'field' || e.kind === 'rating');
  return [...ticket.comments, ...fieldEvents].sort((a, b) => a.created.localeCompare(b.created));
}

function Composer({
  ticketId,
  version,
  comments,
  me,
  statuses,
  onSent,
  onReload,
  onDrafting,
}: {
  ticketId: number;
  /** The version shown now: it moves with live updates; a draft keeps the one it began from. */
  version: number;
  /** The thread as shown now, to quote a new reply from when the ticket changed under the draft. */
  comments: Comment[];
  /** The signed-in agent: their own changes never stop their own send. */
  me: number;
  /** For "Send and set …": the statuses an agent may choose. */
  statuses: Lookups['statuses'];
  onSent: (ticket: TicketDetail) => void;
  onReload: () => Promise<void>;
  /** Whether a draft is being written: the others see "… is replying". */
  onDrafting: (drafting: boolean) => void;
}) {
  const [kind, setKind] = useState<Kind>('reply');
  // What others changed since the draft began, and the version that names (sent by "Send anyway").
  const [changes, setChanges] = useState<{ events: TicketEvent[]; current: number | undefined } | null>(null);
  const [text, setText] = useState('');
  // The version the draft began from: taken when the agent starts writing (typing, a saved or suggested reply),
  // left alone by live updates (the thread may move on, the draft was written against what was there), moved
  // only when the agent has seen what changed ("Review first"), and let go once sent or emptied.
  const base = useRef<number | null>(null);
  const write = (next: string) => {
    if (next.trim() === '') base.current = null;
    else if (base.current === null) base.current = version;
    setText(next);
  };
  const drafting = text.trim() !== '';
  useEffect(() => onDrafting(drafting), [drafting, onDrafting]);
  const [files, setFiles] = useState<File[]>([]);
  const [busy, setBusy] = useState(false);
  // While a message with files uploads: how much has gone (0…1); and the file the server refused, if any.
  const [progress, setProgress] = useState<number | undefined>(undefined);
  const [refused, setRefused] = useState<{ file: File; detail: string } | undefined>(undefined);
  const [error, setError] = useState('');
  const [status, setStatus] = useState('');
  const [suggesting, setSuggesting] = useState(false);
  const area = useRef<HTMLTextAreaElement>(null);
  // "Send and set <status>": Resolved unless the agent picks another.
  const [setTo, setSetTo] = useState(() => statuses.find((s) => s.slug === 'resolved')?.slug ?? statuses[0]?.slug ?? '');
  const setToName = statuses.find((s) => s.slug === setTo)?.name ?? setTo;
  // The saved replies list, and where in the draft its choice goes.
  const [isPicking, setPicking] = useState(false);
  const caret = useRef<number | null>(null);
  const openPicker = () => {
    caret.current = area.current ? area.current.selectionStart : null;
    setPicking(true);
  };
  const insertSaved = (chosen: string) => {
    const at = caret.current ?? text.length;
    write(text.slice(0, at) + chosen + text.slice(at));
    setPicking(false);
    setStatus('Saved reply inserted. Check and edit it before sending.');
    // Once React has rendered the new text, the caret goes right after what was inserted.
    requestAnimationFrame(() => {
      area.current?.focus();
      area.current?.setSelectionRange(at + chosen.length, at + chosen.length);
    });
  };
  // "/" at the start of a line (or of an empty draft) opens the saved replies instead of typing a slash.
  const onAreaKey = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey) return;
    const box = event.currentTarget;
    if (box.selectionStart !== box.selectionEnd) return;
    const before = box.value.slice(0, box.selectionStart);
    if (before !== '' && !before.endsWith('\n')) return;
    event.preventDefault();
    openPicker();
  };
  // r and n (outside any field): write a reply or a note.
  const focusComposer = (next: Kind) => {
    setKind(next);
    area.current?.focus();
  };
  useShortcuts({ r: () => focusComposer('reply'), n: () => focusComposer('note') });
  // Agent assist: fills the composer with a draft; nothing is sent until the agent sends it.
  const suggest = async () => {
    if (text.trim() && !window.confirm('Replace what you have written with a suggested reply?')) return;
    setSuggesting(true);
    setError('');
    setStatus('Asking for a suggested reply…');
    try {
      const result = await api<{ draft: string; answered: boolean }>('POST', `/tickets/${ticketId}/suggest-reply`);
      if (!result.draft) {
        setStatus('');
        setError('No suggestion: the AI backend did not answer and no docs match this ticket.');
        return;
      }
      write(result.draft);
      setStatus(
        result.answered
          ? 'Suggested reply inserted. Check and edit it before sending.'
          : 'The AI backend did not answer; the draft lists related docs.',
      );
      area.current?.focus();
    } catch (e) {
      setStatus('');
      setError(e instanceof ApiError ? e.problem.detail : String(e));
    } finally {
      setSuggesting(false);
    }
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await send(undefined, base.current ?? version);
  };
  // The status of the last send, so "send anyway" after a conflict sets it too.
  const sentStatus = useRef<string | undefined>(undefined);
  // Sends against the version the draft began from (`against`; none overrides). If others changed the ticket
  // since, the server refuses it (409) with what changed: a public reply or a status or assignee change is shown
  // and the agent chooses (changesToAsk); anything else goes again against the version the server named, at
  // most twice. With `newStatus`, the server sets that status in the same change.
  const send = async (newStatus: string | undefined, against: number | undefined, retries = 2): Promise<void> => {
    sentStatus.current = newStatus;
    setChanges(null);
    if (!text.trim()) {
      setError('Write something first.');
      area.current?.focus();
      return;
    }
    setBusy(true);
    setError('');
    setRefused(undefined);
    try {
      const body = {
        text,
        internal: kind === 'note',
        ...(newStatus ? { status: newStatus } : {}),
        ...(against === undefined ? {} : { version: against }),
      };
      if (files.length) {
        // With files: one multipart request, the same fields beside repeated `attachments` parts.
        const form = new FormData();
        for (const [name, value] of Object.entries(body)) form.append(name, String(value));
        for (const file of files) form.append('attachments', file, file.name);
        setProgress(0);
        await apiForm(`/tickets/${ticketId}/comments`, form, setProgress);
      } else {
        await api('POST', `/tickets/${ticketId}/comments`, body);
      }
      write('');
      setFiles([]);
      const done = kind === 'note' ? 'Internal note added' : 'Reply sent';
      const statusName = statuses.find((s) => s.slug === newStatus)?.name;
      setStatus(statusName ? `${done} and status set to ${statusName}.` : `${done}.`);
      onSent(await api<TicketDetail>('GET', `/tickets/${ticketId}`));
    } catch (e) {
      if (e instanceof ApiError && e.problem.code === 'TICKET_CHANGED' && e.problem.changes) {
        const current = e.problem.current_version;
        if (current !== undefined && retries > 0 && changesToAsk(e.problem.changes, me).length === 0) {
          await send(newStatus, current, retries - 1);
          return;
        }
        setChanges({ events: othersChanges(e.problem.changes, me), current });
        // The thread shows what the notice names, even when no live update brought it.
        void onReload();
        return;
      }
      // A 413/415 names the refused file: its chip says why, beside the message's alert.
      const refusedFile = e instanceof ApiError && e.problem.attachment ? files[e.problem.attachment.index] : undefined;
      if (refusedFile && e instanceof ApiError) setRefused({ file: refusedFile, detail: e.problem.detail });
      setError(e instanceof ApiError ? e.problem.detail : e instanceof Error ? e.message : String(e));
    } finally {
      setProgress(undefined);
      setBusy(false);
    }
  };
  return (
    <form className={`composer card${kind === 'note' ? ' composing-note' : ''}`} onSubmit={submit} aria-labelledby="composer-heading">
      <h2 id="composer-heading" className="visually-hidden">
        Answer
      </h2>
      <fieldset className="segmented">
        <legend className="visually-hidden">Kind of message</legend>
        <label>
          <input type="radio" name="kind" value="reply" checked={kind === 'reply'} onChange={() => setKind('reply')} /> Reply to client
        </label>
        <label>
          <input type="radio" name="kind" value="note" checked={kind === 'note'} onChange={() => setKind('note')} /> Internal note
        </label>
      </fieldset>
      <label htmlFor="composer-text" className="visually-hidden">
        {kind === 'note' ? 'Internal note' : 'Reply'}
      </label>
      <textarea
        id="composer-text"
        ref={area}
        value={text}
        onChange={(e) => write(e.target.value)}
        onKeyDown={onAreaKey}
        rows={6}
        aria-describedby="composer-hint"
        placeholder={kind === 'note' ? 'Only agents see internal notes.' : 'Write your reply; the client gets it by email.'}
      />
      <p id="composer-hint" className="hint">
        Type / at the start of a line for a saved reply.{' '}
        <button
          type="button"
          className="button-quiet"
          aria-expanded={isPicking}
          onClick={() => (isPicking ? setPicking(false) : openPicker())}
        >
          Saved replies
        </button>
      </p>
      {isPicking && (
        <SavedReplyPicker
          ticketId={ticketId}
          onChoose={insertSaved}
          onClose={() => {
            setPicking(false);
            area.current?.focus();
          }}
        />
      )}
      <MarkdownPreview text={text} id="composer-preview" />
      <FileChips files={files} onChange={setFiles} disabled={busy} progress={progress} refused={refused} />
      {error && (
        <p className="alert" role="alert">
          {error}
        </p>
      )}
      {changes && (
        <ChangedNotice
          changes={changes.events}
          comments={comments}
          title={`This ticket changed since you began this ${kind === 'note' ? 'note' : 'reply'}.`}
          action={kind === 'note' ? 'Add note' : 'Send'}
          onProceed={() => void send(sentStatus.current, changes.current)}
          onReview={() => {
            // The agent has now seen these changes: the next send goes against them.
            if (changes.current !== undefined) base.current = changes.current;
            setChanges(null);
            setStatus('Your draft is kept. Send it when you are ready.');
            void onReload();
            area.current?.focus();
          }}
        />
      )}
      <div className="composer-actions">
        <span role="status" className="muted">
          {status}
        </span>
        {kind === 'reply' && (
          <button type="button" className="button-secondary" onClick={suggest} disabled={suggesting || busy} aria-busy={suggesting}>
            {suggesting ? 'Suggesting…' : 'Suggest a reply'}
          </button>
        )}
        <button type="submit" disabled={busy}>
          {busy ? 'Sending…' : kind === 'note' ? 'Add note' : 'Send reply'}
        </button>
        {statuses.length > 0 && (
          <span className="send-and-set">
            <label htmlFor="composer-set-status" className="visually-hidden">
              After sending, move the ticket to
            </label>
            <select id="composer-set-status" value={setTo} onChange={(e) => setSetTo(e.target.value)} disabled={busy}>
              {statuses.map((s) => (
                <option key={s.slug} value={s.slug}>
                  {s.name}
                </option>
              ))}
            </select>
            <button
              type="button"
              className="button-secondary"
              disabled={busy || !setTo}
              onClick={() => void send(setTo, base.current ?? version)}
            >
              {kind === 'note' ? 'Note' : 'Send'} and set {setToName}
            </button>
          </span>
        )}
      </div>
    </form>
  );
}

function SideSelect({
  id,
  label,
  value,
  options,
  onChange,
  emptyLabel,
  required,
}: {
  id: string;
  label: string;
  value: string;
  options: Array<{ value: string; label: string }>;
  onChange: (value: string) => void;
  emptyLabel?: string;
  required?: boolean;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        {!required && <option value="">{emptyLabel ?? 'None'}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
