import { describe, expect, it } from 'vitest';
import { LiveBus, type LiveMessage } from './live-bus.js';
import { readLiveEvent } from './live-event.js';

const alex = { id: 7, name: 'Alex' };

describe('the live bus and presence board', () => {
  it('a presence that is not renewed lapses: subscribers hear "left" and new streams no longer see it', async () => {
    const bus = new LiveBus({ presenceTtlMs: 50 });
    const heard: LiveMessage[] = [];
    bus.subscribe((message) => heard.push(message));
    bus.publish({ kind: 'presence', ticketId: 3, user: alex, state: 'viewing' });
    expect(bus.presence.current()).toHaveLength(1);
    await expect.poll(() => heard.map((m) => (m.kind === 'presence' ? m.state : m.kind))).toEqual(['viewing', 'left']);
    expect(bus.presence.current()).toEqual([]);
    bus.presence.close();
  });

  it('a renewal keeps the presence, and "left" ends it at once', () => {
    const bus = new LiveBus();
    bus.deliver({ kind: 'presence', ticketId: 3, user: alex, state: 'viewing' });
    bus.deliver({ kind: 'presence', ticketId: 3, user: alex, state: 'replying' });
    expect(bus.presence.current().map((p) => p.state)).toEqual(['replying']);
    bus.deliver({ kind: 'presence', ticketId: 3, user: alex, state: 'left' });
    expect(bus.presence.current()).toEqual([]);
    bus.presence.close();
  });

  it('a subscriber that throws does not keep the event from the others; the transport gets published events only', () => {
    const bus = new LiveBus();
    const sent: string[] = [];
    bus.useTransport({ send: (event) => sent.push(event.kind) });
    const heard: string[] = [];
    bus.subscribe(() => {
      throw new Error('broken stream');
    });
    bus.subscribe((message) => heard.push(message.kind));
    bus.publish({ kind: 'ticket.created', ticketId: 1, version: 1, by: null });
    bus.deliver({ kind: 'resync' });
    expect(heard).toEqual(['ticket.created', 'resync']);
    expect(sent).toEqual(['ticket.created']);
  });

  it('reads only well-formed events from other instances', () => {
    expect(readLiveEvent({ kind: 'comment.added', ticketId: 1, version: 2, commentId: 3, isNote: false, by: 1 })).toBeDefined();
    expect(readLiveEvent({ kind: 'presence', ticketId: 1, user: alex, state: 'viewing' })).toBeDefined();
    expect(readLiveEvent({ kind: 'presence', ticketId: 1, user: alex, state: 'dancing' })).toBeUndefined();
    expect(readLiveEvent({ kind: 'ticket.updated', ticketId: 1, version: 2 })).toBeUndefined();
    expect(readLiveEvent({ kind: 'drop.tables', ticketId: 1, version: 2 })).toBeUndefined();
    expect(readLiveEvent('ticket.created')).toBeUndefined();
    // A notification must say whose it is: without a user it would reach no one, or be misread.
    expect(readLiveEvent({ kind: 'notification.added', ticketId: 1, userId: 4, notificationId: 9 })).toBeDefined();
    expect(readLiveEvent({ kind: 'notification.added', ticketId: 1, notificationId: 9 })).toBeUndefined();
    expect(readLiveEvent({ kind: 'notification.added', ticketId: 1, userId: '4', notificationId: 9 })).toBeUndefined();
    // Read lines and tag changes carry no ticket version; each is checked for its own fields.
    expect(readLiveEvent({ kind: 'notifications.read', userId: 4, ticketId: 1 })).toBeDefined();
    expect(readLiveEvent({ kind: 'notifications.read', userId: 4, ticketId: null })).toBeDefined();
    expect(readLiveEvent({ kind: 'notifications.read', ticketId: 1 })).toBeUndefined();
    expect(readLiveEvent({ kind: 'tag.changed', tagId: 5, change: 'updated', by: 4 })).toBeDefined();
    expect(readLiveEvent({ kind: 'tag.changed', tagId: 5, change: 'deleted', by: null })).toBeDefined();
    expect(readLiveEvent({ kind: 'tag.changed', tagId: 5, change: 'merged', by: 4 })).toBeUndefined();
    expect(readLiveEvent({ kind: 'tag.changed', change: 'updated', by: 4 })).toBeUndefined();
    expect(readLiveEvent({ kind: 'comment.added', ticketId: 1, version: 2, commentId: 3, isNote: 'no', by: 1 })).toBeUndefined();
    expect(readLiveEvent({ kind: 'constructor', ticketId: 1, version: 2 })).toBeUndefined();
  });
});
