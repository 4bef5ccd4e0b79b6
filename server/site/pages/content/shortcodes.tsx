import { randomUUID } from 'node:crypto';
import type { ReactNode } from 'react';
import { termLabel } from '../../../../common/i18n/term-label.js';
import type { Translator } from '../../../../common/i18n/translator.js';
import { CLIENT_TICKETS_PER_PAGE, COMMENT_TEXT_MAX } from '../../../../common/limits.js';
import { SiteTime } from '../../../../common/site-time.js';
import type { ClientThread, ClientTicketPage } from '../../../domain/tickets/client-tickets.js';
import type { AttachmentsByComment } from '../../../files/list-attachments.js';
import { Markdown } from '../../../markdown/markdown.js';
import type { TicketFormField } from '../../../settings/schema-types.js';
import { formFieldLabel } from '../../../settings/translate-schema.js';
import { AttachmentList, fileSize } from '../../shared/attachment-list.js';
import { Notice } from '../../shared/notices.js';
import { useSiteT } from '../../shared/site-translator.js';
import { ColleaguesPanel, type CopiedPerson } from './colleagues-panel.js';
import { ticketFormLimit } from './ticket-form-limit.js';

function SignInFirst({ homeUrl, returnTo, what }: { homeUrl: string; returnTo: string; what: 'tickets' | 'file' }) {
  const t = useSiteT();
  const link = (chunks: ReactNode[]) => <a href={`${homeUrl}/login/?return_to=${encodeURIComponent(returnTo)}`}>{chunks}</a>;
  return <p className="panel">{t.rich('site.tickets.signInFirst', { what, link })}</p>;
}

/** A ticket's number as the client reads it, kept whole (and left to right) inside a sentence of any direction. */
function TicketNumber({ number }: { number: number }) {
  return <bdi dir="ltr">#{number}</bdi>;
}

/** What someone wrote, laid out in its own direction (an English reply inside an Arabic page keeps its full stop at its end). */
function ThreadText({ text }: { text: string }) {
  return (
    <div dir="auto">
      <Markdown text={text} className="thread-text markdown" />
    </div>
  );
}

/** Direction arrows are mirrored in a right-to-left page (style.css, `.direction-icon`). */
function Arrow({ children }: { children: string }) {
  return (
    <span className="direction-icon" aria-hidden="true">
      {children}
    </span>
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
  /** The thread's files by comment (null: the description), and their address. */
  files?: AttachmentsByComment;
  fileUrl?: (publicId: string) => string;
  /** Tickets → Attachments for a reply on this ticket; no file picker without it. */
  fileRules?: FormFileRules;
  /** The people copied in on the thread, given only to its own client (who may add and remove them). */
  copied?: CopiedPerson[];
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
  files,
  fileUrl = (id) => id,
  fileRules,
  copied,
}: TicketsShortcodeProps) {
  const t = useSiteT();
  // The reader's language, in their own zone (or the site's): the translator knows both.
  const when = (iso: string) => <SiteTime iso={iso} timeZone={t.timeZone} language={t.language} />;
  const timeTag = (iso: string) => () => <SiteTime key="when" iso={iso} timeZone={t.timeZone} language={t.language} />;
  if (!signedIn) return <SignInFirst homeUrl={homeUrl} returnTo={pagePath} what="tickets" />;
  const pageUrl = `${homeUrl}${pagePath.slice(new URL(homeUrl).pathname.replace(/\/$/, '').length)}`;
  if (thread) {
    return (
      <article aria-labelledby="thread-title">
        <p>
          <a href={pageUrl}>
            <Arrow>←</Arrow> {t.t('site.tickets.all')}
          </a>
        </p>
        <h2 id="thread-title" dir="auto">
          {thread.title}
        </h2>
        <p>
          {t.t('site.tickets.ticket')} <TicketNumber number={thread.number ?? thread.id} /> ·{' '}
          <bdi className="status">{termLabel(t, thread.statusTaxonomy, thread.statusSlug, thread.status)}</bdi>
        </p>
        {thread.mergedFrom.length > 0 && (
          <p className="hint">{t.t('site.tickets.mergedFrom', { numbers: thread.mergedFrom.map((n) => `#${n}`).join(', ') })}</p>
        )}
        {thread.isMergedAway && <p className="hint">{t.t('site.tickets.mergedAway')}</p>}
        <Notice code={notice} />
        <ol className="thread">
          {/* A ticket made by a split, or merged into another, has no description of its own. */}
          {(thread.description !== '' || (files?.get(null)?.length ?? 0) > 0) && (
            <li className="thread-entry from-client">
              <p className="thread-meta">
                {thread.isOwnTicket
                  ? t.rich('site.tickets.youWrote', { when: timeTag(thread.createdAt) })
                  : t.rich('site.tickets.wrote', {
                      name: thread.ownerName || t.t('site.tickets.colleague'),
                      bdi: (chunks: ReactNode[]) => <bdi key="name">{chunks}</bdi>,
                      when: timeTag(thread.createdAt),
                    })}
              </p>
              <ThreadText text={thread.description} />
              <AttachmentList files={files?.get(null)} url={fileUrl} />
            </li>
          )}
          {thread.entries.map((entry) => (
            <li key={entry.id} className={`thread-entry from-${entry.role}`}>
              <p className="thread-meta">
                {entry.isOwn
                  ? t.rich('site.tickets.youWrote', { when: timeTag(entry.createdAt) })
                  : t.rich('site.tickets.wrote', {
                      name: entry.authorName || t.t(entry.role === 'bot' ? 'site.tickets.automaticReply' : 'site.tickets.support'),
                      bdi: (chunks: ReactNode[]) => <bdi key="name">{chunks}</bdi>,
                      when: timeTag(entry.createdAt),
                    })}
              </p>
              {/* Everyone's words go through the one renderer and sanitiser, so the client reads them as the agents do. */}
              <ThreadText text={entry.text} />
              <AttachmentList files={files?.get(entry.id)} url={fileUrl} />
            </li>
          ))}
        </ol>
        {/* A colleague reads a shared ticket, never answers it (organisation-sharing.ts): its client replies and solves. */}
        {!thread.isOwnTicket && (
          <p className="hint">
            {t.rich('site.tickets.sharedReadOnly', {
              name: thread.ownerName || t.t('site.tickets.colleague'),
              bdi: (chunks: ReactNode[]) => <bdi key="name">{chunks}</bdi>,
            })}
          </p>
        )}
        {thread.isOwnTicket && (
          <form method="post" action={`${homeUrl}/account/reply/`} className="panel" encType="multipart/form-data">
            <input type="hidden" name="_csrf" value={csrf} />
            <input type="hidden" name="ticket_id" value={String(thread.id)} />
            <input type="hidden" name="return_to" value={pagePath} />
            <p className="field">
              <label htmlFor="reply-text">{t.t('site.tickets.yourReply')}</label>
              <textarea id="reply-text" name="text" required maxLength={COMMENT_TEXT_MAX} />
            </p>
            {fileRules && <FileInput id="reply-files" homeUrl={homeUrl} rules={fileRules} />}
            <button type="submit">{t.t('site.tickets.sendReply')}</button>
          </form>
        )}
        {/* Solved is the client's answer to a reply: there is nothing to call solved before an agent has answered. */}
        {thread.isOwnTicket && thread.isOpen && thread.isAnswered && (
          <form method="post" action={`${homeUrl}/account/solve/`} className="panel">
            <input type="hidden" name="_csrf" value={csrf} />
            <input type="hidden" name="ticket_id" value={String(thread.id)} />
            <input type="hidden" name="return_to" value={pagePath} />
            <p className="hint">{t.t('site.tickets.answered')}</p>
            <button type="submit">{t.t('site.tickets.markSolved')}</button>
          </form>
        )}
        {copied && <ColleaguesPanel homeUrl={homeUrl} pagePath={pagePath} csrf={csrf} ticketId={thread.id} copied={copied} />}
      </article>
    );
  }
  return (
    <section aria-label={t.t('site.layout.myTickets')}>
      <Notice code={notice} />
      {!tickets?.total ? (
        <p>{t.rich('site.tickets.none', { link: (chunks: ReactNode[]) => <a href={`${homeUrl}/tickets/new/`}>{chunks}</a> })}</p>
      ) : (
        <>
          <table className="ticket-list">
            <caption className="hint">{t.t('site.tickets.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t.t('site.tickets.ticket')}</th>
                <th scope="col">{t.t('site.tickets.status')}</th>
                <th scope="col">{t.t('site.tickets.lastUpdate')}</th>
              </tr>
            </thead>
            <tbody>
              {tickets.tickets.map((ticket) => (
                <tr key={ticket.id}>
                  <td>
                    <a href={`${pageUrl}?ticket=${ticket.number}`} dir="auto">
                      {ticket.title}
                    </a>{' '}
                    <span className="hint">
                      <TicketNumber number={ticket.number ?? ticket.id} />
                    </span>
                  </td>
                  <td>
                    <bdi className="status">{termLabel(t, ticket.statusTaxonomy, ticket.statusSlug, ticket.status)}</bdi>
                  </td>
                  <td>{when(ticket.updatedAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <TicketPages pageUrl={pageUrl} page={tickets.page} total={tickets.total} />
        </>
      )}
      <MyDataForm homeUrl={homeUrl} csrf={csrf} />
    </section>
  );
}

/** "Download my data": the client asks for a copy of their data, mailed as a one-time link (my-data/my-data.routes.ts). */
function MyDataForm({ homeUrl, csrf }: { homeUrl: string; csrf: string }) {
  const t = useSiteT();
  return (
    <form method="post" action={`${homeUrl}/account/export/`} className="panel my-data" aria-labelledby="my-data-title">
      <h2 id="my-data-title">{t.t('site.myData.title')}</h2>
      <input type="hidden" name="_csrf" value={csrf} />
      <p className="hint">{t.t('site.myData.intro')}</p>
      <button type="submit">{t.t('site.myData.button')}</button>
    </form>
  );
}

/** Older and newer pages of the ticket list, when there is more than one. */
function TicketPages({ pageUrl, page, total }: { pageUrl: string; page: number; total: number }) {
  const t = useSiteT();
  const pages = Math.ceil(total / CLIENT_TICKETS_PER_PAGE);
  if (pages <= 1) return null;
  return (
    <nav aria-label={t.t('site.tickets.pages')} className="pages">
      {page > 1 && (
        <a href={page === 2 ? pageUrl : `${pageUrl}?paged=${page - 1}`}>
          <Arrow>←</Arrow> {t.t('site.tickets.newer')}
        </a>
      )}{' '}
      <span className="hint">{t.t('site.tickets.pageOf', { page: Math.min(page, pages), pages })}</span>{' '}
      {page < pages && (
        <a href={`${pageUrl}?paged=${page + 1}`}>
          {t.t('site.tickets.older')} <Arrow>→</Arrow>
        </a>
      )}
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
  const t = useSiteT();
  if (!signedIn) return <SignInFirst homeUrl={homeUrl} returnTo={pagePath} what="file" />;
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
            {formFieldLabel(field, t, 'filer')}
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
                <option value="">{field.required ? t.t('site.newTicket.choose') : t.t('site.newTicket.none')}</option>
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
      <button type="submit">{t.t('site.newTicket.submit')}</button>
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
  const t = useSiteT();
  const kinds = rules.kinds.charAt(0).toUpperCase() + rules.kinds.slice(1);
  return (
    <div className="field form-files">
      <label htmlFor={id}>{t.t('site.files.attach')}</label>
      <input
        id={id}
        name="attachments"
        type="file"
        multiple
        aria-describedby={`${id}-hint`}
        data-form-files=""
        data-max-file-bytes={rules.maxFileBytes}
        data-max-files={rules.maxFiles}
        data-texts={formFilesTexts(t, rules)}
      />
      <span id={`${id}-hint`} className="hint">
        {t.t('site.files.hint', { kinds, size: fileSize(t, rules.maxFileBytes), count: rules.maxFiles })}
      </span>
      <script src={`${homeUrl}/content/theme/form-files.js`} defer />
    </div>
  );
}

/**
 * The picker script's words (content/theme/form-files.js), in the page's language: `{name}`, `{names}` and
 * `{percent}` are left for the script to fill.
 */
function formFilesTexts(t: Translator, rules: FormFileRules): string {
  const name = '{name}';
  return JSON.stringify({
    chosen: t.t('site.files.chosen'),
    remove: t.t('site.files.remove', { name }),
    added: t.t('site.files.added', { names: '{names}' }),
    removed: t.t('site.files.removedChip', { name }),
    tooLarge: t.t('site.files.tooLarge', { name, size: fileSize(t, rules.maxFileBytes) }),
    tooMany: t.t('site.files.tooMany', { name, count: rules.maxFiles }),
    empty: t.t('site.files.empty', { name }),
    fixFiles: t.t('site.files.fixFiles'),
    uploading: t.t('site.files.uploading'),
    progress: t.t('site.files.progress', { percent: '{percent}' }),
    unreachable: t.t('site.files.unreachable'),
  });
}
