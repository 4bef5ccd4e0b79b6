import { describe, expect, it } from 'vitest';
import { ASSUME_AFTER_MS, type SessionEvent, sessionOutcome } from './deflection-outcomes.js';
import { scrubQuery } from './scrub-query.js';
import type { WidgetEventName } from './widget-event-names.js';

const T0 = Date.parse('2026-12-01T10:00:00.000Z');
const at = (ms: number) => new Date(T0 + ms);
const events = (...names: WidgetEventName[]): SessionEvent[] => names.map((event) => ({ event, createdAt: at(0).toISOString() }));

describe('sessionOutcome: what became of a widget session', () => {
  it('a ticket that followed is "not deflected", whatever came before it', () => {
    expect(sessionOutcome(events('shown', 'doc_opened', 'helped', 'submitted'), at(0))).toBe('not_deflected');
    expect(sessionOutcome(events('opened', 'submitted'), at(0))).toBe('not_deflected');
  });

  it('Yes is "confirmed" at once; "still need help" without a ticket is "unresolved"', () => {
    expect(sessionOutcome(events('doc_opened', 'helped'), at(0))).toBe('confirmed');
    expect(sessionOutcome(events('doc_opened', 'not_helped'), at(ASSUME_AFTER_MS * 2))).toBe('unresolved');
  });

  it('an opened doc with nothing after it is "pending" for 24 hours, then "assumed"', () => {
    expect(sessionOutcome(events('shown', 'doc_opened'), at(ASSUME_AFTER_MS - 1))).toBe('pending');
    expect(sessionOutcome(events('shown', 'doc_opened'), at(ASSUME_AFTER_MS))).toBe('assumed');
  });

  it('a session that never opened a doc nor filed is "none"', () => {
    expect(sessionOutcome(events('opened', 'typed', 'shown'), at(ASSUME_AFTER_MS * 3))).toBe('none');
  });
});

describe('scrubQuery: a search text kept without what could name a person', () => {
  it('drops mail and web addresses and runs of three or more digits; keeps short numbers', () => {
    expect(scrubQuery('Order 12-34-56 from Bob@Example.com, see https://x.test/a?b=1')).toBe('order … from … see …');
    expect(scrubQuery('Call +49 30 1234567')).toBe('call +…');
    expect(scrubQuery('iPhone 15 won’t charge')).toBe('iphone 15 won’t charge');
  });

  it('is at most 100 characters', () => {
    expect(scrubQuery('a '.repeat(200)).length).toBeLessThanOrEqual(100);
  });
});
