import { Agent, request } from 'node:http';

/** One answer as the load saw it; status 0 when no answer came (socket error or timeout). */
export interface Answer {
  status: number;
  body: string;
  ms: number;
}

export interface ClassSummary {
  requests: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** Answers per status code, like "201: 5012, 429: 3"; "no answer" for socket errors and timeouts. */
  statuses: string;
}

interface RequestOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

// A request with no answer after this long counts as failed, so a stalled server cannot hang the bench.
const TIMEOUT_MS = 60_000;

function percentile(sorted: number[], p: number): number {
  return sorted.length ? (sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] as number) : 0;
}

/**
 * One class of traffic in a load (submitters, an agent's read, a probe): its own keep-alive sockets
 * (or a new connection per request with `freshConnections`), and every answer's status and latency
 * recorded for its summary.
 */
export class RequestClass {
  private readonly latencies: number[] = [];
  private readonly statuses = new Map<number, number>();
  private readonly agent: Agent | false;

  constructor(
    readonly label: string,
    readonly concurrency: number,
    options: { freshConnections?: boolean } = {},
  ) {
    this.agent = options.freshConnections ? false : new Agent({ keepAlive: true, maxSockets: concurrency });
  }

  /**
   * Opens the class's keep-alive connections before the measurement, without recording. Node accepts
   * one new connection per turn of its event loop, so connections opened all at once against a busy
   * server wait for seconds: that is measured apart (a probe on new connections), not mixed in here.
   */
  async connect(url: string): Promise<void> {
    await Promise.all(Array.from({ length: this.concurrency }, () => this.exchange(url, {})));
  }

  /** Sends one request and records its answer; never throws. */
  async send(url: string, options: RequestOptions = {}): Promise<Answer> {
    const answer = await this.exchange(url, options);
    this.latencies.push(answer.ms);
    this.statuses.set(answer.status, (this.statuses.get(answer.status) ?? 0) + 1);
    return answer;
  }

  private exchange(url: string, options: RequestOptions): Promise<Answer> {
    const start = performance.now();
    return new Promise((resolve) => {
      let settled = false;
      const done = (status: number, body: string) => {
        if (settled) return;
        settled = true;
        resolve({ status, body, ms: performance.now() - start });
      };
      const headers = {
        ...options.headers,
        ...(options.body !== undefined && { 'content-length': String(Buffer.byteLength(options.body)) }),
        ...(this.agent === false && { connection: 'close' }),
      };
      const req = request(url, { method: options.method ?? 'GET', headers, agent: this.agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(res.statusCode ?? 0, Buffer.concat(chunks).toString('utf8')));
        res.on('error', () => done(0, ''));
      });
      req.setTimeout(TIMEOUT_MS, () => req.destroy(new Error('timeout')));
      req.on('error', () => done(0, ''));
      req.end(options.body);
    });
  }

  /** How many answers had a status in [from, to). */
  count(from: number, to: number): number {
    let n = 0;
    for (const [status, count] of this.statuses) if (status >= from && status < to) n += count;
    return n;
  }

  summary(seconds: number): ClassSummary {
    return RequestClass.summaryOf([this], seconds);
  }

  /** One summary over several classes' answers together (the agents' reads of every kind, say). */
  static summaryOf(classes: RequestClass[], seconds: number): ClassSummary {
    const sorted = classes.flatMap((c) => c.latencies).sort((a, b) => a - b);
    const counts = new Map<number, number>();
    for (const c of classes) for (const [status, n] of c.statuses) counts.set(status, (counts.get(status) ?? 0) + n);
    const statuses = [...counts.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, count]) => `${status === 0 ? 'no answer' : status}: ${count}`)
      .join(', ');
    return {
      requests: sorted.length,
      perSecond: sorted.length / seconds,
      p50: percentile(sorted, 50),
      p95: percentile(sorted, 95),
      p99: percentile(sorted, 99),
      max: sorted.at(-1) ?? 0,
      statuses,
    };
  }

  close(): void {
    if (this.agent) this.agent.destroy();
  }

  /** What was recorded, as plain data (to send from a worker thread). */
  recorded(): RecordedClass {
    return { label: this.label, concurrency: this.concurrency, latencies: this.latencies, statuses: [...this.statuses] };
  }

  /** A class holding what another thread recorded (for the summaries; it sends nothing). */
  static fromRecorded(recorded: RecordedClass): RequestClass {
    const c = new RequestClass(recorded.label, recorded.concurrency, { freshConnections: true });
    c.latencies.push(...recorded.latencies);
    for (const [status, n] of recorded.statuses) c.statuses.set(status, n);
    return c;
  }
}

export interface RecordedClass {
  label: string;
  concurrency: number;
  latencies: number[];
  statuses: Array<[number, number]>;
}
