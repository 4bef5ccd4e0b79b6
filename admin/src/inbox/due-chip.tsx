import { useT } from '../i18n/i18n.js';
import { timeTextInFull } from '../shared/time-text.js';
import { useMinute } from '../shared/use-minute.js';
import { dueText } from './due-text.js';

/** A ticket's next due time on its row: "due in 25 min" (amber within the hour), "overdue 2 h" (red); the exact time on hover. */
export function DueChip({ dueAt }: { dueAt: string }) {
  const tr = useT();
  // Ticks each minute without asking the server: the due time itself only changes with the ticket.
  const now = useMinute();
  const { text, tone } = dueText(tr, dueAt, now);
  return (
    <time className={`due due-${tone}`} dateTime={dueAt} title={tr.t('admin.due.title', { time: timeTextInFull(dueAt) })} data-testid="due">
      {text}
    </time>
  );
}
