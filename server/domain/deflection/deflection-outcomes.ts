import type { WidgetEventName } from './widget-event-names.js';

/** How long after a visitor opened a doc without filing or saying "still need help" it counts as helped. */
export const ASSUME_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * What became of one widget session:
 * - `not_deflected`: a ticket followed (whatever was read or answered before it);
 * - `confirmed`: the visitor answered Yes to "Did this answer your question?";
 * - `assumed`: opened a doc, and in the 24 hours after it neither filed nor said "still need help";
 * - `unresolved`: said "still need help" and filed nothing;
 * - `pending`: opened a doc less than 24 hours ago, nothing else yet;
 * - `none`: never opened a doc nor filed.
 */
export type Outcome = 'confirmed' | 'assumed' | 'not_deflected' | 'unresolved' | 'pending' | 'none';

export interface SessionEvent {
  event: WidgetEventName;
  /** ISO time the event was recorded. */
  createdAt: string;
}

/** The outcome of one session from its events, as of `now`. */
export function sessionOutcome(events: readonly SessionEvent[], now: Date): Outcome {
  const has = (name: WidgetEventName) => events.some((e) => e.event === name);
  if (has('submitted')) return 'not_deflected';
  if (has('helped')) return 'confirmed';
  if (has('not_helped')) return 'unresolved';
  const opened = events.filter((e) => e.event === 'doc_opened').map((e) => Date.parse(e.createdAt));
  if (!opened.length) return 'none';
  return now.getTime() - Math.min(...opened) >= ASSUME_AFTER_MS ? 'assumed' : 'pending';
}

/** The funnel of a set of sessions: how many reached each step, and what became of them. */
export interface DeflectionFunnel {
  opened: number;
  typed: number;
  shown: number;
  docOpened: number;
  confirmed: number;
  assumed: number;
  filed: number;
  /** Of the sessions shown suggestions, the share deflected (confirmed or assumed), 0–1; null when none were shown. */
  rate: number | null;
}

/** Counts the funnel over sessions (each a list of its events). */
export function deflectionFunnel(sessions: ReadonlyArray<readonly SessionEvent[]>, now: Date): DeflectionFunnel {
  const funnel: DeflectionFunnel = { opened: 0, typed: 0, shown: 0, docOpened: 0, confirmed: 0, assumed: 0, filed: 0, rate: null };
  let deflectedAfterShown = 0;
  for (const events of sessions) {
    const has = (name: WidgetEventName) => events.some((e) => e.event === name);
    if (has('opened')) funnel.opened++;
    if (has('typed')) funnel.typed++;
    const shown = has('shown');
    if (shown) funnel.shown++;
    if (has('doc_opened')) funnel.docOpened++;
    const outcome = sessionOutcome(events, now);
    if (outcome === 'confirmed') funnel.confirmed++;
    if (outcome === 'assumed') funnel.assumed++;
    if (outcome === 'not_deflected') funnel.filed++;
    if (shown && (outcome === 'confirmed' || outcome === 'assumed')) deflectedAfterShown++;
  }
  funnel.rate = funnel.shown ? deflectedAfterShown / funnel.shown : null;
  return funnel;
}
