// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { InboxTicket } from '../api/api.js';
import { useKeptOrder } from './use-kept-order.js';

const ticket = (id: number, title = `Ticket ${id}`): InboxTicket => ({
  id,
  number: id,
  title,
  status: { slug: 'open', name: 'Open' },
  reason: null,
  urgency: null,
  product: null,
  client: null,
  assignee: null,
  created: '2026-12-02T10:00:00Z',
  modified: '2026-12-02T10:00:00Z',
  tags: [],
  unread: false,
});

const ids = (rows: Array<{ id: number }>) => rows.map((row) => row.id);

describe('useKeptOrder', () => {
  it('shows the server’s order while nothing is ticked', () => {
    const { result, rerender } = renderHook(({ tickets }) => useKeptOrder(tickets, false), {
      initialProps: { tickets: [ticket(1), ticket(2)] },
    });
    rerender({ tickets: [ticket(2), ticket(1)] });
    expect(ids(result.current.rows)).toEqual([2, 1]);
    expect(result.current.isMoved).toBe(false);
  });

  it('keeps the order of the first tick, refreshes rows in place, counts new ones and notes a ticket gone', () => {
    const { result, rerender } = renderHook(({ tickets, keeping }) => useKeptOrder(tickets, keeping), {
      initialProps: { tickets: [ticket(1), ticket(2), ticket(3)], keeping: false },
    });
    rerender({ tickets: [ticket(1), ticket(2), ticket(3)], keeping: true });
    act(() => result.current.patch([2], { status: { slug: 'resolved', name: 'Resolved' } }, 'Resolved'));
    // Ticket 2 left the view, 3 moved to the top with a new title, 4 came in.
    rerender({ tickets: [ticket(3, 'Renamed'), ticket(4), ticket(1)], keeping: true });
    const { rows, added, isMoved } = result.current;
    expect(ids(rows)).toEqual([1, 2, 3]);
    expect(rows[1]?.goneNote).toBe('Resolved — no longer in this view');
    expect(rows[1]?.status?.name).toBe('Resolved');
    expect(rows[2]?.title).toBe('Renamed');
    expect(added).toBe(1);
    expect(isMoved).toBe(true);
  });

  it('shows the server’s order again on release', () => {
    const { result, rerender } = renderHook(({ tickets }) => useKeptOrder(tickets, true), {
      initialProps: { tickets: [ticket(1), ticket(2)] },
    });
    rerender({ tickets: [ticket(2), ticket(1)] });
    expect(ids(result.current.rows)).toEqual([1, 2]);
    act(() => result.current.release());
    expect(ids(result.current.rows)).toEqual([2, 1]);
    expect(result.current.isMoved).toBe(false);
  });
});
