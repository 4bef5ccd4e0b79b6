import { type IncomingMessage, request } from 'node:http';

/** One event as a stream sent it. */
export interface ReceivedEvent {
  id: string | undefined;
  event: string;
  data: unknown;
}

/** An open Server-Sent Events stream, read as a browser would, for tests. */
export interface EventStreamClient {
  status: number;
  headers: IncomingMessage['headers'];
  /** Every event so far, in order. */
  events: ReceivedEvent[];
  /** How many comment lines (heartbeats) came so far. */
  heartbeats(): number;
  /** The `retry:` value the server sent, if any. */
  retry(): number | undefined;
  /** Waits for the first event that matches (those already received included; `after` skips the first n). */
  waitFor(match: (event: ReceivedEvent) => boolean, what: string, options?: { after?: number; timeoutMs?: number }): Promise<ReceivedEvent>;
  /** Waits until `check` holds, re-checked whenever something arrives. */
  waitUntil(check: () => boolean, what: string, timeoutMs?: number): Promise<void>;
  /** Resolves when the server ended the stream. */
  ended: Promise<void>;
  /** The body of a refusal (a problem), when the answer was not a stream. */
  body(): string;
  close(): void;
}

/** Opens `url` with `headers` and parses what arrives as text/event-stream. */
export function openEventStream(url: string, headers: Record<string, string> = {}): Promise<EventStreamClient> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { accept: 'text/event-stream', ...headers } }, (res) => {
      const events: ReceivedEvent[] = [];
      const waiters = new Set<() => void>();
      let buffer = '';
      let raw = '';
      let heartbeats = 0;
      let retry: number | undefined;
      let isEnded = false;
      const wake = () => {
        for (const waiter of [...waiters]) waiter();
      };
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        raw += chunk;
        buffer += chunk;
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const fields: Record<string, string> = {};
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) heartbeats += 1;
            const colon = line.indexOf(':');
            if (colon > 0) fields[line.slice(0, colon)] = line.slice(colon + 1).trimStart();
          }
          if (fields.retry !== undefined) retry = Number(fields.retry);
          if (fields.data !== undefined) events.push({ id: fields.id, event: fields.event ?? 'message', data: JSON.parse(fields.data) });
        }
        wake();
      });
      const ended = new Promise<void>((done) => {
        const finish = () => {
          isEnded = true;
          wake();
          done();
        };
        res.on('end', finish);
        res.on('close', finish);
        res.on('error', finish);
      });
      const waitUntil = (check: () => boolean, what: string, timeoutMs = 10_000) =>
        new Promise<void>((done, fail) => {
          const attempt = () => {
            if (check()) {
              cleanup();
              done();
            } else if (isEnded) {
              cleanup();
              fail(new Error(`The stream ended before ${what}`));
            }
          };
          const timer = setTimeout(() => {
            cleanup();
            fail(new Error(`Timed out waiting for ${what}`));
          }, timeoutMs);
          const cleanup = () => {
            clearTimeout(timer);
            waiters.delete(attempt);
          };
          waiters.add(attempt);
          attempt();
        });
      resolve({
        status: res.statusCode ?? 0,
        headers: res.headers,
        events,
        heartbeats: () => heartbeats,
        retry: () => retry,
        async waitFor(match, what, options = {}) {
          const start = options.after ?? 0;
          let found: ReceivedEvent | undefined;
          await waitUntil(
            () => {
              found = events.slice(start).find(match);
              return found !== undefined;
            },
            what,
            options.timeoutMs,
          );
          return found as ReceivedEvent;
        },
        waitUntil,
        ended,
        body: () => raw,
        close: () => req.destroy(),
      });
    });
    req.on('error', reject);
    req.end();
  });
}
