import { useEffect, useId, useRef } from 'react';
import { describeTicketChange } from '../../../common/describe-ticket-change.js';
import type { Comment, TicketEvent } from '../api/api.js';
import { translator, useT } from '../i18n/i18n.js';

/** "Alex replied 20 s ago" — one change in plain words, for the conflict notice and the activity log. */
export function describeChange(event: TicketEvent, now = Date.now()): string {
  return translator().t('admin.changes.line', { change: describeTicketChange(event, false, translator()), ago: ago(event.created, now) });
}

/** "20 s ago", "vor 20 Sek.", "قبل ٢٠ ثانية": how long ago, in the reader's language (Intl). */
function ago(iso: string, now: number): string {
  const { t, language } = translator();
  const seconds = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  if (seconds < 5) return t('admin.changes.justNow');
  const format = new Intl.RelativeTimeFormat(language === 'en-XA' ? 'en' : language, { style: 'short', numeric: 'always' });
  if (seconds < 60) return format.format(-seconds, 'second');
  if (seconds < 3600) return format.format(-Math.round(seconds / 60), 'minute');
  return format.format(-Math.round(seconds / 3600), 'hour');
}

/**
 * Shown instead of sending when the ticket changed since the agent's draft or view began (409 TICKET_CHANGED):
 * what others changed, with the words of any new reply, then "Review first" (the draft stays; what changed is
 * now known) or "<action> anyway" (sent against the version just shown).
 */
export function ChangedNotice({
  changes,
  comments,
  title,
  action,
  onProceed,
  onReview,
}: {
  changes: TicketEvent[];
  /** The ticket's comments as loaded now, to quote the new replies from. */
  comments: Comment[];
  title?: string;
  action: string;
  onProceed: () => void;
  onReview: () => void;
}) {
  const { t } = useT();
  const box = useRef<HTMLDivElement>(null);
  const ids = useId();
  useEffect(() => box.current?.focus(), []);
  const now = Date.now();
  return (
    <div
      className="alert changed-notice"
      role="alertdialog"
      aria-labelledby={`${ids}-title`}
      aria-describedby={`${ids}-list`}
      tabIndex={-1}
      ref={box}
    >
      <p id={`${ids}-title`}>
        <strong>{title ?? t('admin.changes.sinceOpened')}</strong>
      </p>
      <ul id={`${ids}-list`}>
        {changes.map((change, i) => {
          const message = change.kind === 'reply' ? comments.find((c) => c.id === change.comment) : undefined;
          return (
            // A change's position within its version tells it apart (one change may add two tags).
            <li key={`${change.version}-${i}`}>
              {describeChange(change, now)}
              {message ? t('admin.changes.colon') : t('admin.changes.stop')}
              {message && (
                <blockquote className="changed-message" dir="auto">
                  {message.text}
                </blockquote>
              )}
            </li>
          );
        })}
      </ul>
      <div className="composer-actions">
        <button type="button" className="button-secondary" onClick={onReview}>
          {t('admin.changes.review')}
        </button>
        <button type="button" onClick={onProceed}>
          {t('admin.changes.anyway', { action })}
        </button>
      </div>
    </div>
  );
}
