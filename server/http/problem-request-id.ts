/**
 * A problem document's body with `request_id` added (RFC 9457 §3.2 extension member), so what a client
 * reports matches our log lines and its `X-Request-Id`. Other bodies pass unchanged; only problems (rare,
 * small) are parsed again.
 */
export function withRequestId(requestId: string, contentType: unknown, payload: unknown): unknown {
  if (typeof payload !== 'string' || typeof contentType !== 'string' || !contentType.startsWith('application/problem+json')) return payload;
  try {
    const problem = JSON.parse(payload) as unknown;
    if (!problem || typeof problem !== 'object' || Array.isArray(problem)) return payload;
    return JSON.stringify({ ...problem, request_id: requestId });
  } catch {
    return payload;
  }
}
