import type { IncomingMessage } from 'node:http';
import type { FrontRequest } from './front-request.js';

/** What template_redirect did for a request before Fastify saw it: its FrontRequest, or what it threw. */
export type EarlyFront = { front: FrontRequest } | { error: unknown };

const early = new WeakMap<IncomingMessage, EarlyFront>();

/**
 * Hands a request on to Fastify after template_redirect already ran for it (the widget's fast path,
 * when a handler exited or threw), so the router answers from that outcome instead of running the
 * action a second time.
 */
export function handOverEarlyFront(raw: IncomingMessage, outcome: EarlyFront): void {
  early.set(raw, outcome);
}

/** The outcome handed over for this request, once; undefined when template_redirect has not run yet. */
export function takeEarlyFront(raw: IncomingMessage): EarlyFront | undefined {
  const outcome = early.get(raw);
  early.delete(raw);
  return outcome;
}
