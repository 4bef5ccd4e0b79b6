import { describe, expect, it } from 'vitest';
import type { Comment } from '../api/api.js';
import { ticketEvent } from '../test/answers.js';
import { threadOf } from './thread-of.js';

const comment = (id: number, created: string): Comment => ({
  id,
  role: 'agent',
  author: 'Alex',
  text: 'Hi',
  internal: false,
  created,
  attachments: [],
});

describe('threadOf', () => {
  it('puts the field changes and ratings between the comments by time, leaving out replies and notes as events', () => {
    const first = comment(1, '2026-12-02T10:00:00Z');
    const second = comment(2, '2026-12-02T12:00:00Z');
    const status = ticketEvent({ field: 'status', created: '2026-12-02T11:00:00Z' });
    const rating = ticketEvent({ kind: 'rating', created: '2026-12-02T13:00:00Z' });
    const reply = ticketEvent({ kind: 'reply', created: '2026-12-02T10:00:00Z' });
    expect(threadOf({ comments: [second, first], events: [rating, reply, status] })).toEqual([first, status, second, rating]);
  });

  it('shows a service level’s warning and breach among the changes', () => {
    const first = comment(1, '2026-12-02T10:00:00Z');
    const warning = ticketEvent({ kind: 'sla', field: 'first_reply', to: 'warning', created: '2026-12-02T10:45:00Z' });
    const breach = ticketEvent({ kind: 'sla', field: 'first_reply', to: 'breached', created: '2026-12-02T11:00:00Z' });
    expect(threadOf({ comments: [first], events: [breach, warning] })).toEqual([first, warning, breach]);
  });
});
