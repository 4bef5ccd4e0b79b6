import { useEffect, useState } from 'react';
import { api, type ResponseOf } from '../api/api.js';
import { useT } from '../i18n/i18n.js';

type OwnAssignment = ResponseOf<'getOwnAssignment'>;

/** The tabs of one browser tell each other of a change here, so every open tab shows the same state at once. */
const CHANNEL = 'helpdesk-availability';

/**
 * The top bar's Available / Away switch: whether fair assignment may give you new tickets. Shown once your state is
 * known; a failed change puts the switch back and says so in its title. It follows a change made in another tab of
 * this browser at once, and one made elsewhere (another browser, or an admin on the Agents screen) when the tab is
 * shown again.
 */
export function AvailabilitySwitch() {
  const { t } = useT();
  const [available, setAvailable] = useState<boolean | null>(null);
  const [failed, setFailed] = useState(false);
  const [channel] = useState(() => (typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL) : null));
  useEffect(() => {
    const read = () =>
      api<OwnAssignment>('GET', '/users/me/assignment').then(
        (own) => setAvailable(own.available),
        () => {},
      );
    const readWhenShown = () => {
      if (document.visibilityState === 'visible') void read();
    };
    const heard = (event: MessageEvent) => {
      if (typeof event.data === 'boolean') setAvailable(event.data);
    };
    void read();
    document.addEventListener('visibilitychange', readWhenShown);
    channel?.addEventListener('message', heard);
    return () => {
      document.removeEventListener('visibilitychange', readWhenShown);
      channel?.removeEventListener('message', heard);
    };
  }, [channel]);
  useEffect(() => () => channel?.close(), [channel]);
  if (available === null) return null;
  const toggle = () => {
    const next = !available;
    setAvailable(next);
    api<OwnAssignment>('PUT', '/users/me/assignment', { available: next }).then(
      (own) => {
        setAvailable(own.available);
        setFailed(false);
        channel?.postMessage(own.available);
      },
      () => {
        setAvailable(!next);
        setFailed(true);
      },
    );
  };
  return (
    <button
      type="button"
      role="switch"
      aria-checked={available}
      className={`button-quiet availability${available ? ' is-available' : ''}`}
      title={failed ? t('admin.availability.failed') : t('admin.availability.hint')}
      onClick={toggle}
    >
      <span className="availability-dot" aria-hidden="true" />
      {available ? t('admin.availability.available') : t('admin.availability.away')}
    </button>
  );
}
