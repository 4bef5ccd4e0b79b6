/** Characters typed before the widget suggests docs. */
export const SUGGEST_MIN_CHARS = 3;
/** Quiet time after the last key before it asks. */
export const SUGGEST_DELAY_MS = 300;
/** What GET /docs/suggest accepts. */
const QUERY_MAX = 200;

/**
 * The text to suggest docs for: the subject, then the description, on one line (the route takes one), at most
 * 200 characters; empty until one of them holds 3 characters that are not spaces.
 */
export function suggestQuery(subject: string, description: string): string {
  const long = (text: string) => text.replace(/\s/g, '').length >= SUGGEST_MIN_CHARS;
  if (!long(subject) && !long(description)) return '';
  // A trailing space is kept: it tells the server the last word is finished.
  const start = subject.replace(/^\s+/, '');
  const rest = description.replace(/^\s+/, '');
  const text = rest ? `${start.trimEnd()} ${rest}` : start;
  return text.replace(/\s+/g, ' ').replace(/^ /, '').slice(0, QUERY_MAX);
}
