/** The inbox's state in its URL that the ticket list's request carries. */
const FILTERS = [
  'view',
  'status',
  'product',
  'reason',
  'urgency',
  'assignee',
  'tag',
  'client',
  'organisation',
  'search',
  'sort',
  'page',
] as const;

/** The filters in `query` that are set, as the API's `GET /tickets/` path. */
export function inboxApiPath(query: URLSearchParams): string {
  const params = new URLSearchParams();
  for (const key of FILTERS) {
    const value = query.get(key);
    if (value) params.set(key, value);
  }
  return `/tickets/?${params}`;
}

/**
 * The inbox's link with `changes` applied to `query` (null or '' removes a key); any change but of the page
 * goes back to page 1. '' when nothing is left.
 */
export function withParams(query: URLSearchParams, changes: Record<string, string | null>): string {
  const next = new URLSearchParams(query);
  for (const [key, value] of Object.entries(changes)) {
    if (value) next.set(key, value);
    else next.delete(key);
  }
  if (!('page' in changes)) next.delete('page');
  const text = next.toString();
  return text ? `?${text}` : '';
}
