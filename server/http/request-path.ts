/**
 * The path of a request target as the router matches it: without query or fragment, and with its
 * percent-escapes decoded the way the router decodes them (decodeURI: `%61` is `a`, while escapes of
 * reserved characters such as `%2F` stay as they are). Every decision keyed on the path — is this
 * the API, which session and CSRF rules apply, which CORS answer — reads this, so `/%61pi/…` is
 * treated as the `/api/…` it is routed to. A malformed escape is kept as typed: the router refuses it.
 */
export function requestPath(rawUrl: string): string {
  const end = rawUrl.search(/[?#]/);
  const path = end < 0 ? rawUrl : rawUrl.slice(0, end);
  if (!path.includes('%')) return path;
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}
