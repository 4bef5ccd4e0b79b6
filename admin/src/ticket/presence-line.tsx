import { useT } from '../i18n/i18n.js';
import { usePresence } from '../live/live-events.js';

/** "Alex is replying · Blair is viewing": the other agents on this ticket now, read out politely as it changes. */
export function PresenceLine({ ticketId, me }: { ticketId: number; me: number }) {
  const { t } = useT();
  const others = usePresence(ticketId).filter((present) => present.user.id !== me);
  return (
    // Always in the page, so a screen reader hears each change of its text.
    <p className="presence muted" aria-live="polite" data-testid="presence">
      {others.map((present) => t('admin.presence.state', { name: present.user.name, state: present.state })).join(' · ')}
    </p>
  );
}
