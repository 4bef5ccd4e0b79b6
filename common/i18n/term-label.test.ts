import { describe, expect, it } from 'vitest';
import deTerms from './locales/de/terms.json' with { type: 'json' };
import enTerms from './locales/en/terms.json' with { type: 'json' };
import { isSeededName, recordedTermLabel, termLabel } from './term-label.js';
import { createTranslator } from './translator.js';

const german = createTranslator('de', deTerms, enTerms);

describe('termLabel', () => {
  it('names a status, reason or urgency still as seeded in the reader’s language, and the client’s words too', () => {
    expect(termLabel(german, 'ticket_status', 'open', 'Open')).toBe('Offen');
    expect(termLabel(german, 'ticket_reason', 'billing', 'Billing')).toBe('Abrechnung');
    expect(termLabel(german, 'ticket_urgency', 'urgent', 'Urgent')).toBe('Dringend');
    expect(termLabel(german, 'client_label', 'waiting', 'Awaiting our reply')).toBe('Wartet auf unsere Antwort');
  });

  it('names a renamed or added term as the owner wrote it, whatever the reader’s language', () => {
    expect(termLabel(german, 'ticket_status', 'waiting', 'On hold')).toBe('On hold');
    expect(termLabel(german, 'ticket_status', 'parked', 'Parked')).toBe('Parked');
    // A seeded word under another slug is the owner's word, not the seeded term.
    expect(termLabel(german, 'ticket_status', 'reopened', 'Open')).toBe('Open');
    expect(isSeededName('ticket_status', 'waiting', 'On hold')).toBe(false);
    expect(isSeededName('ticket_status', 'waiting', 'Waiting')).toBe(true);
  });
});

describe('recordedTermLabel', () => {
  it('translates a name the log recorded when it is one the install seeded for that taxonomy, else keeps it', () => {
    expect(recordedTermLabel(german, 'ticket_status', 'In Progress')).toBe('In Bearbeitung');
    expect(recordedTermLabel(german, 'ticket_urgency', 'High')).toBe('Hoch');
    expect(recordedTermLabel(german, 'ticket_status', 'On hold')).toBe('On hold');
    // "High" is an urgency's seeded name, not a status's.
    expect(recordedTermLabel(german, 'ticket_status', 'High')).toBe('High');
  });
});
