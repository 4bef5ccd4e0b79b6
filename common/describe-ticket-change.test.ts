import { describe, expect, it } from 'vitest';
import { describeTicketChange, type TicketChangeWords } from './describe-ticket-change.js';
import deProblems from './i18n/locales/de/problems.json' with { type: 'json' };
import deTerms from './i18n/locales/de/terms.json' with { type: 'json' };
import enProblems from './i18n/locales/en/problems.json' with { type: 'json' };
import { createTranslator } from './i18n/translator.js';

const change = (over: Partial<TicketChangeWords>): TicketChangeWords => ({
  kind: 'field',
  field: 'status',
  from: 'Open',
  to: 'Closed',
  automatic: false,
  by: { name: 'alex' },
  ...over,
});

describe('describeTicketChange', () => {
  it('names who did what, keeping a name as it is written', () => {
    expect(describeTicketChange(change({}))).toBe('alex set the status to Closed');
    expect(describeTicketChange(change({ kind: 'note', field: null }))).toBe('alex added an internal note');
    expect(describeTicketChange(change({ field: 'tag', from: 'Billing', to: null }))).toBe('alex removed the tag Billing');
    expect(describeTicketChange(change({ kind: 'rating', field: null, to: 'no' }))).toBe('alex answered “No, not yet”');
  });

  it('names the other ticket of a merge or a split, on either side', () => {
    const link = (field: string) => describeTicketChange(change({ kind: 'link', field, from: null, to: '#7' }));
    expect(link('merged_into')).toBe('alex merged this ticket into #7');
    expect(link('merged_from')).toBe('alex merged #7 into this ticket');
    expect(link('split_into')).toBe('alex moved messages to the new ticket #7');
    expect(link('split_from')).toBe('alex made this ticket from messages of #7');
  });

  it('starts a sentence with a capital and lowercases only the stand-ins in the middle of one', () => {
    const automatic = change({ automatic: true, by: null, to: 'In Progress' });
    expect(describeTicketChange(automatic)).toBe('The status moved to In Progress');
    expect(describeTicketChange(automatic, true)).toBe('the status moved to In Progress');
    expect(describeTicketChange(change({ kind: 'reply', by: null }), true)).toBe('the automatic responder replied');
    expect(describeTicketChange(change({ by: null, to: null }))).toBe('Someone set the status to none');
  });

  it('names a seeded status, reason or urgency in the reader’s language, and one the owner named as written', () => {
    const german = createTranslator('de', { ...deProblems, ...deTerms }, enProblems);
    expect(describeTicketChange(change({}), false, german)).toBe('alex hat den Status auf Geschlossen gesetzt');
    expect(describeTicketChange(change({ field: 'urgency', to: 'High' }), false, german)).toBe(
      'alex hat die Dringlichkeit auf Hoch gesetzt',
    );
    expect(describeTicketChange(change({ automatic: true, by: null, to: 'In Progress' }), false, german)).toBe(
      'Der Status wurde auf In Bearbeitung gesetzt',
    );
    expect(describeTicketChange(change({ to: 'On hold' }), false, german)).toBe('alex hat den Status auf On hold gesetzt');
    // Only a status's, reason's or urgency's value is a term: an agent called "Open" keeps their name.
    expect(describeTicketChange(change({ field: 'assignee', to: 'Open' }), false, german)).toBe(
      'alex hat die Zuständigkeit auf Open gesetzt',
    );
  });

  it('says which service-level target is due soon or overdue, in the reader’s language', () => {
    const sla = (field: string, to: string) =>
      change({ kind: 'sla', field, from: '2026-12-07T11:00:00.000Z', to, automatic: true, by: null });
    expect(describeTicketChange(sla('first_reply', 'warning'))).toBe('The first reply is due soon');
    expect(describeTicketChange(sla('resolution', 'breached'), true)).toBe('the resolution is overdue');
    const german = createTranslator('de', { ...deProblems, ...deTerms }, enProblems);
    expect(describeTicketChange(sla('next_reply', 'breached'), false, german)).toBe('Die nächste Antwort ist überfällig');
  });

  it('says a ticket the helpdesk assigned itself was given by fair assignment, in the reader’s language', () => {
    const fair = change({ field: 'assignee', from: null, to: 'Bea', automatic: true, by: null });
    expect(describeTicketChange(fair)).toBe('Assigned by fair assignment to Bea');
    const german = createTranslator('de', { ...deProblems, ...deTerms }, enProblems);
    expect(describeTicketChange(fair, false, german)).toBe('Durch faire Zuweisung Bea zugewiesen');
  });

  it('tells a follower’s own choice from a namesake’s by the accounts, and by the names only for older entries', () => {
    const follower = (over: Partial<TicketChangeWords>) =>
      change({ kind: 'participant', field: 'follower', from: null, to: 'Alex', ...over });
    // Two staff members named Alex: 7 adds 9, then 9 follows and 9 stops following.
    expect(describeTicketChange(follower({ by: { id: 7, name: 'Alex' }, person_id: 9 }))).toBe('Alex added Alex as a follower');
    expect(describeTicketChange(follower({ by: { id: 7, name: 'Alex' }, person_id: 9, from: 'Alex', to: null }))).toBe(
      'Alex took Alex off the followers',
    );
    expect(describeTicketChange(follower({ by: { id: 9, name: 'Alex' }, person_id: 9 }))).toBe('Alex followed the ticket');
    expect(describeTicketChange(follower({ by: { id: 9, name: 'Alex' }, person_id: 9, from: 'Alex', to: null }))).toBe(
      'Alex stopped following the ticket',
    );
    // An entry recorded before the account was kept: the names are all there is.
    expect(describeTicketChange(follower({ by: { id: 9, name: 'Alex' }, person_id: null }))).toBe('Alex followed the ticket');
    expect(describeTicketChange(follower({ by: { id: 7, name: 'Sam' } }))).toBe('Sam added Alex as a follower');
  });
});
