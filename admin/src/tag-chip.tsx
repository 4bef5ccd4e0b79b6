import { useEffect, useRef } from 'react';
import type { Tag } from './api.js';

/**
 * A tag as a coloured chip. The colour is set through the element's style object, not a `style` attribute:
 * the admin's Content-Security-Policy (`style-src 'self'`) blocks inline style attributes but not CSSOM.
 */
export function TagChip({ tag, children }: { tag: Pick<Tag, 'name' | 'color'>; children?: React.ReactNode }) {
  const chip = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    chip.current?.style.setProperty('background-color', tag.color);
  }, [tag.color]);
  return (
    <span ref={chip} className="tag-chip" data-testid="tag-chip">
      {tag.name}
      {children}
    </span>
  );
}
