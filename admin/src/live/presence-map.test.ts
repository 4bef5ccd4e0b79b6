import { describe, expect, it } from 'vitest';
import { type PresenceMap, withPresence } from './presence-map.js';

const alex = { id: 1, name: 'Alex' };
const blair = { id: 2, name: 'Blair' };

describe('withPresence', () => {
  it('adds an agent to a ticket, then changes their state in place of the old one', () => {
    const viewing = withPresence(new Map(), { ticket: 5, user: alex, state: 'viewing' });
    expect(viewing.get(5)).toEqual([{ user: alex, state: 'viewing' }]);
    const replying = withPresence(viewing, { ticket: 5, user: alex, state: 'replying' });
    expect(replying.get(5)).toEqual([{ user: alex, state: 'replying' }]);
  });

  it('keeps the other agents of the ticket and forgets a ticket once its last agent left', () => {
    let map: PresenceMap = new Map();
    map = withPresence(map, { ticket: 5, user: alex, state: 'viewing' });
    map = withPresence(map, { ticket: 5, user: blair, state: 'replying' });
    map = withPresence(map, { ticket: 5, user: alex, state: 'left' });
    expect(map.get(5)).toEqual([{ user: blair, state: 'replying' }]);
    map = withPresence(map, { ticket: 5, user: blair, state: 'left' });
    expect(map.has(5)).toBe(false);
  });

  it('leaves the map as it was for an event missing its ticket, user or state, and never changes the one given', () => {
    const before: PresenceMap = new Map([[5, [{ user: alex, state: 'viewing' as const }]]]);
    expect(withPresence(before, { user: alex, state: 'viewing' })).toBe(before);
    expect(withPresence(before, { ticket: 5, state: 'viewing' })).toBe(before);
    expect(withPresence(before, { ticket: 5, user: alex })).toBe(before);
    withPresence(before, { ticket: 5, user: blair, state: 'viewing' });
    expect(before.get(5)).toHaveLength(1);
  });
});
