import { describe, expect, it } from 'vitest';
import { describeTicketChange, type TicketChangeWords } from './describe-ticket-change.js';

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

  it('starts a sentence with a capital and lowercases only the stand-ins in the middle of one', () => {
    const automatic = change({ automatic: true, by: null, to: 'In Progress' });
    expect(describeTicketChange(automatic)).toBe('The status moved to In Progress');
    expect(describeTicketChange(automatic, true)).toBe('the status moved to In Progress');
    expect(describeTicketChange(change({ kind: 'reply', by: null }), true)).toBe('the automatic responder replied');
    expect(describeTicketChange(change({ by: null, to: null }))).toBe('Someone set the status to none');
  });
});
