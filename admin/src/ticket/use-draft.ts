import { useEffect, useRef, useState } from 'react';

/**
 * The composer's text and the version the draft began from: taken when the agent starts writing (typing, a
 * saved or suggested reply), left alone by live updates (the thread may move on, the draft was written against
 * what was there), moved only when the agent has seen what changed ("Review first"), and let go once sent or
 * emptied. `onDrafting` hears whether a draft is being written (the others see "… is replying").
 */
export function useDraft(version: number, onDrafting: (drafting: boolean) => void) {
  const [text, setText] = useState('');
  const base = useRef<number | null>(null);
  const write = (next: string) => {
    if (next.trim() === '') base.current = null;
    else if (base.current === null) base.current = version;
    setText(next);
  };
  const drafting = text.trim() !== '';
  useEffect(() => onDrafting(drafting), [drafting, onDrafting]);
  return { text, write, base };
}
