// The owner's brand colour reaches mails, the help site's stylesheet and the admin bar. It is owner input, so every
// place that prints it goes through safeBrandColor(): a value that is not exactly #rrggbb (stored before the rule, or
// written by hand into the database) is replaced by the default, never printed into CSS or HTML.

/** The colour a site has until its owner picks one. */
export const DEFAULT_BRAND_COLOR = '#1d4ed8';

/** A colour as `#rrggbb`: the only form a brand colour is stored in. */
export const BRAND_COLOR_PATTERN = '^#[0-9a-fA-F]{6}$';
/** What a refused colour is told, in words. */
export const BRAND_COLOR_RULE = 'must be a colour as #rrggbb, for example #1d4ed8';

const HEX_COLOR = new RegExp(BRAND_COLOR_PATTERN);

/** The owner's colour as lower-case `#rrggbb`; anything else becomes the default colour. */
export function safeBrandColor(value: unknown): string {
  return typeof value === 'string' && HEX_COLOR.test(value) ? value.toLowerCase() : DEFAULT_BRAND_COLOR;
}

/** WCAG 2 relative luminance of a `#rrggbb` colour. */
export function relativeLuminance(color: string): number {
  const [r, g, b] = [1, 3, 5]
    .map((i) => Number.parseInt(color.slice(i, i + 2), 16) / 255)
    .map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio of two `#rrggbb` colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** Black or white, whichever reads better on the colour: one of them always reaches 4.5:1. */
export function readableTextOn(color: string): '#000000' | '#ffffff' {
  const safe = safeBrandColor(color);
  return contrastRatio(safe, '#ffffff') >= contrastRatio(safe, '#000000') ? '#ffffff' : '#000000';
}

/**
 * The colour for text (links) on a background: the brand colour when it reads there at 4.5:1, else `fallback`.
 * A pale brand colour still colours buttons (with dark text on them) but never makes links unreadable.
 */
export function brandTextColor(color: string, background: string, fallback: string): string {
  const safe = safeBrandColor(color);
  return contrastRatio(safe, background) >= 4.5 ? safe : fallback;
}
