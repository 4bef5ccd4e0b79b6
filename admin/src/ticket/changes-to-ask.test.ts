import { describe, expect, it } from 'vitest';
import { ticketEvent } from '../test/answers.js';
import { changesToAsk, othersChanges } from './changes-to-ask.js';

const ME = 3;

describe('changesToAsk', () => {
  it('asks about a colleague’s public reply, status change and assignee change', () => {
    const changes = [
      ticketEvent({ kind: 'reply', comment: 12 }),
      ticketEvent({ field: 'status', from: 'open', to: 'resolved' }),
      ticketEvent({ field: 'assignee', to: '9' }),
    ];
    expect(changesToAsk(changes, ME)).toEqual(changes);
  });

  it('sends again over a colleague’s note, tags, product, reason, urgency and rating', () => {
    const changes = [
      ticketEvent({ kind: 'note', comment: 13 }),
      ticketEvent({ field: 'tag', to: 'vip' }),
      ticketEvent({ field: 'product', to: '2' }),
      ticketEvent({ field: 'reason' }),
      ticketEvent({ field: 'urgency' }),
      ticketEvent({ kind: 'rating', to: 'yes' }),
    ];
    expect(changesToAsk(changes, ME)).toEqual([]);
  });

  it('never asks about the agent’s own changes', () => {
    expect(changesToAsk([ticketEvent({ kind: 'reply', by: { id: ME, name: 'Me' } })], ME)).toEqual([]);
  });

  it('asks about a change to the very field being saved, tags included', () => {
    const urgency = ticketEvent({ field: 'urgency' });
    const tag = ticketEvent({ field: 'tag' });
    expect(changesToAsk([urgency, tag], ME, 'urgency')).toEqual([urgency]);
    expect(changesToAsk([urgency, tag], ME, 'tags')).toEqual([tag]);
  });

  it('counts a change by nobody (automatic) as another’s', () => {
    const automatic = ticketEvent({ kind: 'reply', by: null, automatic: true });
    expect(othersChanges([automatic], ME)).toEqual([automatic]);
  });
});
