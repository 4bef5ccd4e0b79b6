import { useT } from '../i18n/i18n.js';
import { timeText, timeTextInFull } from './time-text.js';

/** A time in the reader's language and zone as a `<time>` element, with the zone's full name in the tooltip. */
export function When({ iso, className }: { iso: string; className?: string }) {
  // Re-rendered when the language or the zone changes.
  useT();
  return (
    <time dateTime={iso} title={timeTextInFull(iso)} className={className}>
      {timeText(iso)}
    </time>
  );
}
