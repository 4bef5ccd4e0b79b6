import type pg from 'pg';
import { loadPg } from '../db/create-db.js';
import { LIVE_EVENT_ID, type LiveBus } from './live-bus.js';
import { type LiveEvent, readLiveEvent } from './live-event.js';

/** The PostgreSQL channel that carries live events between instances. */
export const LIVE_EVENTS_CHANNEL = 'helpdesk_live_events';

const RECONNECT_MS = 1_000;
/** How the listening connection names itself in pg_stat_activity. */
export const LISTENER_NAME = 'helpdesk live events';
// PostgreSQL refuses a NOTIFY payload of 8000 bytes or more; ours are ids and a name, far below.
const MAX_PAYLOAD_BYTES = 7_900;
const MAX_PENDING = 10_000;
const SEND_TIMEOUT_MS = 10_000;

/**
 * Connects `bus` to the other instances on this PostgreSQL database: one dedicated connection LISTENs on the channel
 * and sends this instance's events with `pg_notify`, gathered per tick into one statement. Each instance marks what it
 * sends with its bus's random origin and skips its own (its subscribers already had them); an event carries the id its
 * bus gave it, so a stream can resume after it on any instance. When the connection drops it reconnects every second;
 * events of the gap are lost, so once back the bus tells its subscribers to `resync` (the admin app then refetches what
 * it shows).
 */
export async function listenForLiveEvents(
  databaseUrl: string,
  bus: LiveBus,
  warn: (message: string) => void,
): Promise<{ close(): Promise<void> }> {
  const origin = bus.origin;
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let pending: string[] = [];
  let flushing = false;
  /** Settles when the flush under way (if any) is over: `close` waits for it, so nothing published is dropped. */
  let flushed: Promise<void> = Promise.resolve();

  const hear = (message: pg.Notification) => {
    if (message.channel !== LIVE_EVENTS_CHANNEL || !message.payload) return;
    let parsed: { o?: unknown; e?: unknown; i?: unknown };
    try {
      parsed = JSON.parse(message.payload);
    } catch {
      return;
    }
    if (parsed.o === origin) return;
    const event = readLiveEvent(parsed.e);
    // The id it was given where it was published: the same on every instance, so streams resume anywhere.
    if (event) bus.deliver(event, typeof parsed.i === 'string' && LIVE_EVENT_ID.test(parsed.i) ? parsed.i : undefined);
  };

  // `flushing` is set when a flush is scheduled, not when it starts: events published in one turn share
  // one flush, and a second loop never sends on the same connection at once (pg queues and warns).
  const flush = async () => {
    while (pending.length > 0 && client) {
      const payloads = pending;
      pending = [];
      await client.query('select pg_notify($1, payload) from unnest($2::text[]) as payload', [LIVE_EVENTS_CHANNEL, payloads]).catch(() => {
        // The connection is failing; its 'end' reconnects and resyncs, which covers these events too.
      });
    }
    flushing = false;
  };

  const send = (event: LiveEvent, id: string | undefined) => {
    if (closed || !client) return;
    const payload = JSON.stringify({ o: origin, e: event, i: id });
    if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) return;
    // While a send is stuck, events wait here; past the bound they are dropped (the views resync later).
    if (pending.length >= MAX_PENDING) return;
    pending.push(payload);
    if (flushing) return;
    flushing = true;
    flushed = new Promise((done) => setImmediate(() => void flush().then(done)));
  };

  const connect = async (isReconnect: boolean): Promise<void> => {
    const next = new (loadPg().Client)({
      connectionString: databaseUrl,
      application_name: LISTENER_NAME,
      // A connection that died without a word (a dropped route) is found and replaced, not waited on.
      keepAlive: true,
      query_timeout: SEND_TIMEOUT_MS,
    });
    next.on('notification', hear);
    next.on('error', () => {});
    next.on('end', () => {
      if (closed || client !== next) return;
      client = undefined;
      pending = [];
      // i18n-exempt: an operator's log line
      warn('The connection that carries live updates between instances was lost; reconnecting.');
      retry = setTimeout(reconnect, RECONNECT_MS);
    });
    await next.connect();
    await next.query(`listen ${LIVE_EVENTS_CHANNEL}`);
    client = next;
    if (isReconnect) bus.deliver({ kind: 'resync' });
  };
  const reconnect = () => {
    if (closed) return;
    connect(true).catch(() => {
      retry = setTimeout(reconnect, RECONNECT_MS);
    });
  };

  await connect(false);
  bus.useTransport({ send });
  return {
    async close() {
      // What was published before (a CLI command's revocation, say) still goes out.
      await flushed;
      closed = true;
      clearTimeout(retry);
      bus.useTransport(null);
      await client?.end().catch(() => {});
    },
  };
}
