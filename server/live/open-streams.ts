import { type Message, message } from '../../common/i18n/translator.js';
import { AppError } from '../errors.js';

/** Open event streams one account may hold on one instance: a few tabs and devices, not a leak. */
export const STREAMS_PER_ACCOUNT = 10;
/** Open event streams from one address on one instance (an office behind one address has several agents). */
export const STREAMS_PER_ADDRESS = 30;

/** Something that can be ended when the server stops. */
export interface Closable {
  close(): void;
}

/**
 * The event streams open on this instance, counted per account and per address so one caller cannot
 * hold every socket, and ended together when the server closes (an open stream would keep the
 * server's close waiting forever).
 */
export class OpenStreams {
  private readonly open = new Set<Closable>();
  private readonly perAccount = new Map<number, number>();
  private readonly perAddress = new Map<string, number>();

  /** Counts a new stream, or refuses it with a 429 problem; `release` (once) when the stream ends. */
  admit(accountId: number, address: string): { release(): void; track(stream: Closable): void } {
    if ((this.perAccount.get(accountId) ?? 0) >= STREAMS_PER_ACCOUNT)
      throw tooMany(message('problems.live.account_streams', { max: STREAMS_PER_ACCOUNT }));
    if ((this.perAddress.get(address) ?? 0) >= STREAMS_PER_ADDRESS)
      throw tooMany(message('problems.live.address_streams', { max: STREAMS_PER_ADDRESS }));
    bump(this.perAccount, accountId, 1);
    bump(this.perAddress, address, 1);
    let tracked: Closable | undefined;
    let released = false;
    return {
      track: (stream) => {
        tracked = stream;
        this.open.add(stream);
      },
      release: () => {
        if (released) return;
        released = true;
        if (tracked) this.open.delete(tracked);
        bump(this.perAccount, accountId, -1);
        bump(this.perAddress, address, -1);
      },
    };
  }

  /** Ends every open stream (server shutdown). */
  closeAll(): void {
    for (const stream of [...this.open]) stream.close();
  }

  get size(): number {
    return this.open.size;
  }
}

function bump<K>(counts: Map<K, number>, key: K, by: number): void {
  const next = (counts.get(key) ?? 0) + by;
  if (next <= 0) counts.delete(key);
  else counts.set(key, next);
}

function tooMany(detail: Message): AppError {
  // EventSource retries by itself; a minute keeps a stuck tab from hammering the server.
  return new AppError('RATE_LIMITED', detail).withHeaders({ 'Retry-After': '60' });
}
