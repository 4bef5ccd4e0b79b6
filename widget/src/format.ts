/** A placeholder's value: text, a number (plurals), or a node (a `<bdi>` around an address) for formatParts. */
export type Value = string | number | Node;

/**
 * The widget's own ICU MessageFormat, for the subset its messages use (widget-messages.test.ts keeps every
 * language within it): `{name}`, and `{n, plural, =0 {…} one {…} other {…}}` whose branches are text and `#` (the
 * number), chosen by Intl.PluralRules. A full formatter would cost the first download ~10 KB.
 */
export function formatParts(lang: string, text: string, values: Record<string, Value> = {}): Array<string | Node> {
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
      return typeof value === 'number' ? String(value) : value;
    });
}

/** The message as text. */
export const format = (lang: string, text: string, values?: Record<string, string | number>): string =>
  formatParts(lang, text, values).join('');
