import { type KeyboardEvent, useEffect, useRef } from 'react';
import type { Lookups } from '../api/api.js';
import { useT } from '../i18n/i18n.js';
import { termName } from '../i18n/term-name.js';

/**
 * The statuses to choose from after pressing s: a number key or a click picks one, Esc closes the menu. A modal
 * dialog, so the other shortcuts wait while it is open and the focus comes back where it was.
 */
export function StatusMenu({
  statuses,
  onChoose,
  onClose,
}: {
  statuses: Lookups['statuses'];
  onChoose: (slug: string) => void;
  onClose: () => void;
}) {
  const tr = useT();
  const { t } = tr;
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const box = dialog.current;
    if (box && !box.open) box.showModal();
    return () => box?.close();
  }, []);
  // Nine at most have a number key; the rest are still a Tab and Enter away. The digit row by where the
  // key sits when it types no digit: AZERTY's unshifted row types & é " ' ( - è _ ç.
  const onKey = (event: KeyboardEvent<HTMLDialogElement>) => {
    const digit = /^[1-9]$/.test(event.key) ? event.key : /^(?:Digit|Numpad)([1-9])$/.exec(event.code)?.[1];
    if (event.ctrlKey || event.metaKey || event.altKey || !digit) return;
    const status = statuses[Number(digit) - 1];
    if (!status) return;
    event.preventDefault();
    onChoose(status.slug);
  };
  return (
    <dialog ref={dialog} className="status-menu" aria-labelledby="status-menu-heading" onClose={onClose} onKeyDown={onKey}>
      <h2 id="status-menu-heading">{t('admin.bulk.setStatus')}</h2>
      <ul>
        {statuses.map((s, i) => (
          <li key={s.slug}>
            <button type="button" className="button-secondary" onClick={() => onChoose(s.slug)}>
              {i < 9 && <kbd>{i + 1}</kbd>} <bdi>{termName(tr, 'status', s)}</bdi>
            </button>
          </li>
        ))}
      </ul>
      <div className="form-actions">
        <button type="button" className="button-quiet" onClick={onClose}>
          {t('admin.common.cancel')}
        </button>
      </div>
    </dialog>
  );
}
