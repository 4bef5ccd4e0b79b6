import { expect, it } from 'vitest';
import { liveEventsOffContract } from '../../../test/live-events-off-contract.js';

it('a live event is off the contract with a field missing, one too many, a wrong type or an unknown name', () => {
  const sent = (event: string, data: unknown) => ({ id: undefined, event, data });
  const good = [sent('ticket.created', { ticket: 1, version: 1, by: null }), sent('resync', {})];
  const bad = [
    sent('ticket.created', { ticket: 1, version: 1 }),
    sent('ticket.created', { ticket: 1, version: 1, by: null, title: 'Printer' }),
    sent('presence', { ticket: 1, user: { id: 2, name: 'Alex' }, state: 'typing' }),
    sent('ticket.deleted', { ticket: 1 }),
  ];
  expect(liveEventsOffContract([...good, ...bad])).toEqual(bad);
});
