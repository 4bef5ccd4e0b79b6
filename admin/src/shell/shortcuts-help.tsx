import { useEffect, useRef, useState } from 'react';
import { useT } from '../i18n/i18n.js';
import { SHORTCUTS, useShortcuts } from '../shared/keyboard-shortcuts.js';

/** "?" opens the list of keyboard shortcuts; Esc or Close shuts it and the focus returns where it was. */
export function ShortcutsHelp() {
  const [isOpen, setOpen] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  useShortcuts({ '?': () => setOpen(true) });
  useEffect(() => {
    const box = dialog.current;
    if (isOpen && box && !box.open) box.showModal();
    if (!isOpen && box?.open) box.close();
  }, [isOpen]);
  return (
    <dialog ref={dialog} className="shortcuts-help" aria-labelledby="shortcuts-heading" onClose={() => setOpen(false)}>
      {/* Its content exists only while open: a closed dialog adds nothing to the page's tables and text. */}
      {isOpen && <ShortcutsList onClose={() => setOpen(false)} />}
    </dialog>
  );
}

function ShortcutsList({ onClose }: { onClose: () => void }) {
  const { t } = useT();
  return (
    <>
      <h2 id="shortcuts-heading">{t('admin.shortcuts.title')}</h2>
      <p className="muted">{t('admin.shortcuts.intro')}</p>
      <table className="plain-table">
        <thead>
          <tr>
            <th scope="col">{t('admin.shortcuts.key')}</th>
            <th scope="col">{t('admin.shortcuts.what')}</th>
          </tr>
        </thead>
        <tbody>
          {SHORTCUTS.map((s) => (
            <tr key={s.keys}>
              <td>
                <kbd dir="ltr">{s.keyName ? t(s.keyName) : s.keys}</kbd>
              </td>
              <td>{t(s.what)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="form-actions">
        <button type="button" onClick={onClose}>
          {t('admin.shortcuts.close')}
        </button>
      </div>
    </>
  );
}
