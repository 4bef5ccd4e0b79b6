// Only printable ASCII: our own paths never carry anything else, and control characters, spaces and
// look-alike characters are how a path is made to be read as a host by one parser and not another.
const PRINTABLE_ASCII = /^[\x21-\x7e]+$/;
// Escaped slashes, backslashes, controls and percent signs: `/%2F%2Fevil.test`, `/%5Cevil.test` or
// the doubly escaped `/%252F%252Fevil.test` turn into a host for any code (or browser) that decodes
// once more. The help site's own paths never carry them.
const ESCAPED_SEPARATOR_OR_CONTROL = /%(2f|5c|25|[01][0-9a-f]|7f)/i;

/**
 * The one reading of a `return_to` value: a same-origin path under the help site (`basePath`), with
 * its query, or `fallback`. Never another host (`//evil.test`, `/\evil.test`, `https://…`), never
 * an escaped separator or a control character, never a path that dot segments take out of the help
 * site or to a `//host` form.
 */
export function safeReturnPath(value: unknown, basePath: string, fallback: string): string {
  if (typeof value !== 'string' || value.length > 500 || !PRINTABLE_ASCII.test(value)) return fallback;
  if (!value.startsWith(`${basePath}/`) || value.startsWith('//') || value.includes('\\') || ESCAPED_SEPARATOR_OR_CONTROL.test(value))
    return fallback;
  const origin = 'http://return-to.invalid';
  const url = new URL(value, origin);
  if (url.origin !== origin || url.pathname.startsWith('//') || !url.pathname.startsWith(`${basePath}/`)) return fallback;
  return `${url.pathname}${url.search}`;
}
