import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/test-databases.js';
import { listenForLiveEvents } from './listen-live-events.js';
import { LiveBus } from './live-bus.js';

const postgresUrl = inject('postgresUrl');

// Every new ticket publishes an event, and under intake load many are published in one turn of the
// event loop: they go out together, one `pg_notify` statement at a time on the listener's connection.
describe.skipIf(!postgresUrl)('live events sent to other instances', () => {
  let database: TestDatabase;
  const query = pg.Client.prototype.query;
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
  });
  afterAll(async () => {
    await database?.drop();
  });
  afterEach(() => {
    pg.Client.prototype.query = query;
  });

  it('events published while a send is under way wait for it, then go out in one statement', async () => {
    const sends: Array<{ events: number; release: () => void }> = [];
    let inFlight = 0;
    let mostInFlight = 0;
    // Each pg_notify waits for the test to let it through, so the test decides when a send is under way.
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const [text, values] = args as [unknown, unknown[] | undefined];
      if (typeof text !== 'string' || !text.includes('pg_notify')) return (query as (...a: unknown[]) => unknown).apply(this, args);
      inFlight += 1;
      mostInFlight = Math.max(mostInFlight, inFlight);
      return new Promise<void>((resolve) => {
        sends.push({ events: ((values ?? [])[1] as string[]).length, release: resolve });
      }).then(async () => {
        try {
          return await (query as (...a: unknown[]) => Promise<unknown>).apply(this, args);
        } finally {
          inFlight -= 1;
        }
      });
    } as typeof query;

    const bus = new LiveBus();
    const listener = await listenForLiveEvents(database.url, bus, () => {});
    try {
      const publish = (ticketId: number) => bus.publish({ kind: 'ticket.created', ticketId, version: 1, by: null });
      for (let id = 1; id <= 5; id++) publish(id);
      await expect.poll(() => sends.length).toBe(1);
      // Two more, each in a later turn, while the first send waits.
      publish(6);
      await new Promise((resolve) => setImmediate(resolve));
      publish(7);
      await new Promise((resolve) => setImmediate(resolve));
      await new Promise((resolve) => setImmediate(resolve));
      expect(sends.length).toBe(1);
      sends[0]?.release();
      await expect.poll(() => sends.length).toBe(2);
      sends[1]?.release();
      expect(sends.map((s) => s.events)).toEqual([5, 2]);
      expect(mostInFlight).toBe(1);
    } finally {
      for (const send of sends) send.release();
      await listener.close();
      bus.presence.close();
    }
  });
});
