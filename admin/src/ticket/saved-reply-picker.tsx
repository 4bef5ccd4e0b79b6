import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { problemText } from '../api/problem-text.js';
import { findSavedReplies, type SavedReply } from '../api/saved-replies-api.js';
import { useT } from '../i18n/i18n.js';
import { Link } from '../shared/router.js';

/**
 * The composer's list of saved replies: a search box (ARIA combobox) over a list box of the shared and the
 * agent's own replies, filled in for this ticket by the server. Arrow keys move, Enter inserts, Esc closes.
 */
export function SavedReplyPicker({
  ticketId,
  onChoose,
  onClose,
}: {
  ticketId: number;
  /** The reply's text with its placeholders filled. */
  onChoose: (text: string) => void;
  onClose: () => void;
}) {
  const { t } = useT();
  const [search, setSearch] = useState('');
  const [replies, setReplies] = useState<SavedReply[] | null>(null);
  const [active, setActive] = useState(0);
  const [error, setError] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const listId = useId();
  useEffect(() => input.current?.focus(), []);
  // Each keystroke asks again after a short pause; an older answer never replaces a newer one.
  useEffect(() => {
    let live = true;
    const timer = window.setTimeout(() => {
      findSavedReplies(search, ticketId).then(
        (found) => {
          if (!live) return;
          setReplies(found);
          setActive(0);
          setError('');
        },
        (e: unknown) => live && setError(problemText(e)),
      );
    }, 120);
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [search, ticketId]);

  const choose = (reply: SavedReply | undefined) => {
    if (reply) onChoose(reply.filled ?? reply.text);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = replies?.length ?? 0;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (count) setActive((at) => (at + (event.key === 'ArrowDown' ? 1 : count - 1)) % count);
    } else if (event.key === 'Enter') {
      // Inside the composer's form: Enter chooses, it never sends.
      event.preventDefault();
      choose(replies?.[active]);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
    }
  };
  const optionId = (index: number) => `${listId}-option-${index}`;
  const hasOptions = (replies?.length ?? 0) > 0;

  return (
    <div className="saved-reply-picker">
      <label htmlFor={`${listId}-search`}>{t('admin.savedReply.find')}</label>
      <input
        id={`${listId}-search`}
        ref={input}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={hasOptions}
        aria-controls={listId}
        aria-activedescendant={hasOptions ? optionId(active) : undefined}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        onKeyDown={onKeyDown}
        autoComplete="off"
        placeholder={t('admin.savedReply.placeholder')}
      />
      {error && (
        <p className="alert" role="alert">
          {error}
        </p>
      )}
      {hasOptions && (
        <div id={listId} role="listbox" aria-label={t('admin.nav.replies')} className="saved-reply-options">
          {replies?.map((reply, index) => (
            // The combobox keeps the focus; the mouse chooses here, the keyboard from the search box.
            // biome-ignore lint/a11y/useKeyWithClickEvents: keys are handled by the combobox (aria-activedescendant)
            <div
              key={reply.id}
              id={optionId(index)}
              role="option"
              tabIndex={-1}
              aria-selected={index === active}
              className={index === active ? 'active' : undefined}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => choose(reply)}
            >
              <bdi className="option-title">{reply.title}</bdi>
              <span className="muted"> · {reply.shared ? t('admin.savedReply.shared') : t('admin.savedReply.yours')}</span>
              <span className="option-preview muted" dir="auto">
                {(reply.filled ?? reply.text).split('\n')[0]}
              </span>
            </div>
          ))}
        </div>
      )}
      <p className="hint" role="status">
        {replies === null ? t('admin.app.loading') : t('admin.savedReply.count', { count: replies.length })}{' '}
        <Link to="replies">{t('admin.savedReply.manage')}</Link>
      </p>
    </div>
  );
}
