/** What a widget session reports for deflection (POST /widget-events); the filing itself is recorded by the server. */
export type WidgetEvent = 'opened' | 'typed' | 'shown' | 'doc_opened' | 'helped' | 'not_helped';
/** Reports one event; `query` only with `typed`, for a search that found nothing. */
export type Report = (event: WidgetEvent, docId?: number, query?: string) => void;

const EVENTS = '/api/helpdesk/v1/widget-events';

/** A random id for one page session: 32 of 0-9a-z, nothing stored, nothing about the visitor in it. */
export function newSessionId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(36).padStart(2, '0')).join('');
}

/**
 * The reporter of one session (`session` read at each call: it is renewed after a filing). Each event is sent once
 * per session, form-encoded (no preflight), without cookies; a lost one is not retried: the figures are counts.
 */
export function eventReporter(home: string, session: () => string): Report {
  const sent = new Set<string>();
  return (event, docId, query) => {
    const id = session();
    const key = `${id} ${event} ${docId ?? 0}`;
    if (!query && sent.has(key)) return;
    sent.add(key);
    const body = new URLSearchParams({ session: id, event });
    if (docId) body.set('doc_id', String(docId));
    if (query) body.set('query', query);
    fetch(home + EVENTS, { method: 'POST', body, credentials: 'omit', keepalive: true }).catch(() => {});
  };
}
