import type { TicketEvent } from '../api/api.js';

/** A JSON answer as fetch gives it. */
export function jsonAnswer(body: unknown, status = 200): Response {
  const type = status >= 400 ? 'application/problem+json' : 'application/json';
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': type } });
}

/** A fetch whose answers the test gives one by one (`answer`), recording each call and its AbortSignal. */
export function controlledFetch() {
  const calls: Array<{ url: string; init: RequestInit; answer: (response: Response) => void }> = [];
  const fetch = (url: string, init: RequestInit = {}) =>
    new Promise<Response>((resolve, reject) => {
      init.signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
      calls.push({ url, init, answer: resolve });
    });
  return { fetch, calls };
}

/** A ticket event with the fields a test does not care about filled in. */
export function ticketEvent(fields: Partial<TicketEvent>): TicketEvent {
  return {
    version: 2,
    kind: 'field',
    field: null,
    from: null,
    to: null,
    comment: null,
    automatic: false,
    by: { id: 7, name: 'Blair' },
    person_id: null,
    created: '2026-12-02T10:00:00Z',
    ...fields,
  };
}
