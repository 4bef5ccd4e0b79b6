/** A placeholder's value: text or a number (plurals); formatParts takes nodes too (a `<bdi>` around an address). */
export type Value = string | number;

/**
 * The widget's own ICU MessageFormat, for the subset its messages use (widget-messages.test.ts keeps every
 * language within it): `{name}`, and `{n, plural, =0 {…} one {…} other {…}}` whose branches are text and `#` (the
 * number), chosen by Intl.PluralRules. A full formatter would cost the first download ~10 KB.
 */
export function formatParts<N = never>(lang: string, text: string, values: Record<string, Value | N> = {}): Array<string | N> {
  return text
    .replace(/\{\s*(\w+)\s*,\s*plural\s*,((?:\s*=?\w+\s*\{[^{}]*\})+)\s*\}/g, (_, name: string, branches: string) => {
      const n = Number(values[name]);
      const found: Record<string, string> = {};
      for (const [, key = '', branch = ''] of branches.matchAll(/(=?\w+)\s*\{([^{}]*)\}/g)) found[key] = branch;
      const chosen = found[`=${n}`] ?? found[new Intl.PluralRules(lang).select(n)] ?? found.other ?? '';
      return chosen.replace(/#/g, new Intl.NumberFormat(lang).format(n));
    })
    .split(/\{\s*(\w+)\s*\}/)
    .map((part, i) => {
      const value = i % 2 ? (values[part] ?? '') : part;
      return typeof value === 'number' ? String(value) : (value as string | N);
    });
}

/** The message as text. */
export const format = (lang: string, text: string, values?: Record<string, Value>): string => formatParts(lang, text, values).join('');
