import { type KeyboardEvent, type RefObject, useRef, useState } from 'react';
import { translator } from '../i18n/i18n.js';

/** The saved replies list of the composer, and where in the draft its choice goes (where the caret was). */
export function useSavedReplyInsert(
  area: RefObject<HTMLTextAreaElement | null>,
  text: string,
  write: (next: string) => void,
  say: (status: string) => void,
) {
  const [isPicking, setPicking] = useState(false);
  const caret = useRef<number | null>(null);
  const openPicker = () => {
    caret.current = area.current ? area.current.selectionStart : null;
    setPicking(true);
  };
  const insertSaved = (chosen: string) => {
    const at = caret.current ?? text.length;
    write(text.slice(0, at) + chosen + text.slice(at));
    setPicking(false);
    say(translator().t('admin.savedReply.inserted'));
    // Once React has rendered the new text, the caret goes right after what was inserted.
    requestAnimationFrame(() => {
      area.current?.focus();
      area.current?.setSelectionRange(at + chosen.length, at + chosen.length);
    });
  };
  // "/" at the start of a line (or of an empty draft) opens the saved replies instead of typing a slash.
  const onAreaKey = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey) return;
    const box = event.currentTarget;
    if (box.selectionStart !== box.selectionEnd) return;
    const before = box.value.slice(0, box.selectionStart);
    if (before !== '' && !before.endsWith('\n')) return;
    event.preventDefault();
    openPicker();
  };
  const closePicker = () => {
    setPicking(false);
    area.current?.focus();
  };
  return { isPicking, setPicking, openPicker, insertSaved, onAreaKey, closePicker };
}
