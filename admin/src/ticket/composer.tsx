import { type FormEvent, useRef, useState } from 'react';
import type { Comment, Lookups, TicketDetail } from '../api/api.js';
import { useT } from '../i18n/i18n.js';
import { useShortcuts } from '../shared/keyboard-shortcuts.js';
import { MarkdownPreview } from '../shared/markdown-preview.js';
import { FileChips } from './attachments.js';
import { ComposerActions } from './composer-actions.js';
import { SavedReplyPicker } from './saved-reply-picker.js';
import { ChangedNotice } from './ticket-changes.js';
import { useDraft } from './use-draft.js';
import { useSavedReplyInsert } from './use-saved-reply-insert.js';
import { type Kind, useSendMessage } from './use-send-message.js';
import { useSuggestReply } from './use-suggest-reply.js';

/** The reply / internal-note composer under the thread, with its files, saved replies and suggested reply. */
export function Composer({
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
  const { t } = useT();
  const [kind, setKind] = useState<Kind>('reply');
  const { text, write, base } = useDraft(version, onDrafting);
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState('');
  const [status, setStatus] = useState('');
  const area = useRef<HTMLTextAreaElement>(null);
  // "Send and set <status>": Resolved unless the agent picks another.
  const [setTo, setSetTo] = useState(() => statuses.find((s) => s.slug === 'resolved')?.slug ?? statuses[0]?.slug ?? '');
  const picker = useSavedReplyInsert(area, text, write, setStatus);
  // r and n (outside any field): write a reply or a note.
  const focusComposer = (next: Kind) => {
    setKind(next);
    area.current?.focus();
  };
  useShortcuts({ r: () => focusComposer('reply'), n: () => focusComposer('note') });
  const { suggesting, suggest } = useSuggestReply({ ticketId, text, write, area, setError, setStatus });
  const sending = useSendMessage({
    ticketId,
    me,
    statuses,
    kind,
    text,
    write,
    files,
    setFiles,
    area,
    setError,
    setStatus,
    onSent,
    onReload,
  });
  const { send, busy, changes } = sending;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await send(undefined, base.current ?? version);
  };
  return (
    <form className={`composer card${kind === 'note' ? ' composing-note' : ''}`} onSubmit={submit} aria-labelledby="composer-heading">
      <h2 id="composer-heading" className="visually-hidden">
        {t('admin.composer.heading')}
      </h2>
      <fieldset className="segmented">
        <legend className="visually-hidden">{t('admin.composer.kind')}</legend>
        <label>
          <input type="radio" name="kind" value="reply" checked={kind === 'reply'} onChange={() => setKind('reply')} />{' '}
          {t('admin.composer.reply')}
        </label>
        <label>
          <input type="radio" name="kind" value="note" checked={kind === 'note'} onChange={() => setKind('note')} />{' '}
          {t('admin.composer.note')}
        </label>
      </fieldset>
      <label htmlFor="composer-text" className="visually-hidden">
        {kind === 'note' ? t('admin.composer.note') : t('admin.composer.replyLabel')}
      </label>
      <textarea
        id="composer-text"
        ref={area}
        value={text}
        onChange={(e) => write(e.target.value)}
        onKeyDown={picker.onAreaKey}
        rows={6}
        aria-describedby="composer-hint"
        placeholder={kind === 'note' ? t('admin.composer.notePlaceholder') : t('admin.composer.replyPlaceholder')}
        dir="auto"
      />
      <p id="composer-hint" className="hint">
        {t('admin.composer.hint')}{' '}
        <button
          type="button"
          className="button-quiet"
          aria-expanded={picker.isPicking}
          onClick={() => (picker.isPicking ? picker.setPicking(false) : picker.openPicker())}
        >
          {t('admin.nav.replies')}
        </button>
      </p>
      {picker.isPicking && <SavedReplyPicker ticketId={ticketId} onChoose={picker.insertSaved} onClose={picker.closePicker} />}
      <MarkdownPreview text={text} id="composer-preview" />
      <FileChips files={files} onChange={setFiles} disabled={busy} progress={sending.progress} refused={sending.refused} />
      {error && (
        <p className="alert" role="alert">
          {error}
        </p>
      )}
      {changes && (
        <ChangedNotice
          changes={changes.events}
          comments={comments}
          title={t('admin.changes.sinceDraft', { kind })}
          action={kind === 'note' ? t('admin.composer.addNote') : t('admin.composer.send')}
          onProceed={() => void send(sending.sentStatus.current, changes.current)}
          onReview={() => {
            // The agent has now seen these changes: the next send goes against them.
            if (changes.current !== undefined) base.current = changes.current;
            sending.setChanges(null);
            setStatus(t('admin.composer.draftKept'));
            void onReload();
            area.current?.focus();
          }}
        />
      )}
      <ComposerActions
        kind={kind}
        status={status}
        statuses={statuses}
        busy={busy}
        suggesting={suggesting}
        onSuggest={suggest}
        setTo={setTo}
        onSetTo={setSetTo}
        onSendAndSet={() => void send(setTo, base.current ?? version)}
      />
    </form>
  );
}
