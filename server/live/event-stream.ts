import type { IncomingMessage, ServerResponse } from 'node:http';
import { leaveSignedInWork } from '../db/signed-in-lane.js';
import type { Closable } from './open-streams.js';

/** How long a browser waits before reconnecting a dropped stream (the SSE `retry:` field). */
export const RECONNECT_AFTER_MS = 3_000;
/** A comment line this often keeps proxies from closing an idle stream and shows a dead client. */
export const HEARTBEAT_MS = 15_000;

export interface EventStreamOptions {
  heartbeatMs?: number;
  /** Asked before each heartbeat; a stream whose caller may no longer listen (signed out, disabled) ends. */
  isStillAllowed?: () => Promise<boolean>;
  onClose?: () => void;
}

/**
 * One Server-Sent Events answer written on the raw response: the headers, `retry:` (with the id of where the stream
 * starts, so even a stream that saw no event reconnects with `Last-Event-ID`), then events, those a stream can resume
 * after with their bus id, and a heartbeat comment. Node's silence timeout (server limits) would cut a quiet stream, so
 * the socket's own timeout is turned off: the heartbeat's writes find a dead client instead.
 */
export class EventStream implements Closable {
  private heartbeat: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly request: IncomingMessage,
    private readonly response: ServerResponse,
    private readonly options: EventStreamOptions = {},
  ) {}

  /** Opens the stream; `startId` is the bus position it starts from (see LiveBus.position). */
  open(startId?: string): void {
    // The client may have hung up while the caller was checked: its close events are over already.
    if (this.request.socket.destroyed) {
      this.close();
      return;
    }
    this.request.socket.setTimeout(0);
    this.response.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      // Proxies that buffer answers (nginx) would hold events back.
      'x-accel-buffering': 'no',
      // The socket's silence timeout is off for the stream, so the connection is not kept for reuse.
      connection: 'close',
    });
    // A block with an id and no data fires no event, but the browser keeps the id for its reconnect.
    this.response.write(`retry: ${RECONNECT_AFTER_MS}\n${startId === undefined ? '' : `id: ${startId}\n`}\n`);
    // Open while the app is: not signed-in work that filings and the mail worker should wait for.
    leaveSignedInWork(this.response);
    this.response.on('close', () => this.close());
    this.request.on('close', () => this.close());
    this.scheduleHeartbeat();
  }

  /** Writes one event: `event:` names it, `data:` is its JSON (one line), `id:` its bus id when it has one. */
  send(event: string, data: unknown, id?: string): void {
    if (this.closed || !this.response.headersSent) return;
    this.response.write(`${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  }

  get isClosed(): boolean {
    return this.closed;
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.heartbeat);
    if (!this.response.writableEnded) this.response.end();
    this.options.onClose?.();
  }

  private scheduleHeartbeat(): void {
    this.heartbeat = setTimeout(async () => {
      if (this.closed) return;
      const allowed = await Promise.resolve(this.options.isStillAllowed?.() ?? true).then(
        (yes) => yes,
        // The store is away: keep the stream; the next heartbeat asks again.
        () => true,
      );
      if (!allowed) return this.close();
      if (this.closed) return;
      this.response.write(': heartbeat\n\n');
      this.scheduleHeartbeat();
    }, this.options.heartbeatMs ?? HEARTBEAT_MS);
  }
}
