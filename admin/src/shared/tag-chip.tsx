import { useEffect, useRef } from 'react';
import type { Tag } from '../api/api.js';

/**
 * A tag as a coloured chip. The colour is set through the element's style object, not a `style` attribute:
 * the admin's Content-Security-Policy (`style-src 'self'`) blocks inline style attributes but not CSSOM.
 */
export function TagChip({ tag, children }: { tag: Pick<Tag, 'name' | 'color'>; children?: React.ReactNode }) {
  const chip = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    chip.current?.style.setProperty('background-color', tag.color);
    chip.current?.style.setProperty('color', isLight(tag.color) ? '#111827' : '#ffffff');
  }, [tag.color]);
  return (
    <span ref={chip} className="tag-chip" data-testid="tag-chip">
      {tag.name}
      {children}
    </span>
  );
}

/** Whether dark text reads better than white on this `#rrggbb` (WCAG relative luminance above the midpoint). */
function isLight(hex: string): boolean {
  const channel = (i: number) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  // White on it reaches 4.5:1 only up to a luminance of about 0.18.
  return luminance > 0.18;
}
