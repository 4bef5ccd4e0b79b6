/**
 * A JSON answer's body without `request_id`, which every problem carries and which differs per request: for
 * comparing two answers ("another client's ticket is a 404 like a missing one") or an answer before and after.
 */
export function withoutRequestId(body: unknown): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const { request_id: _, ...rest } = body as Record<string, unknown>;
  return rest;
}
