import { describeWait } from '../domain/describe-wait.js';
import { AppError } from '../errors.js';
import { addressKey } from '../security/client-address.js';
import type { CounterStore } from './counter-store.js';

const HOUR_MS = 3_600_000;
const key = (ip: string) => `intake:bytes:h:${addressKey(ip)}`;

/**
 * Files count toward the per-address intake limits (Tickets → Attachments, MB per IP address per hour),
 * in KiB. Before each file: a 429 once the address has sent its share this hour, before a byte is stored.
 */
export async function checkUploadBytes(counters: CounterStore, ip: string, maxMbPerHour: number): Promise<void> {
  const usedKib = await counters.peek(key(ip));
  if (usedKib < maxMbPerHour * 1024) return;
  // The window's end is not known from a peek; a zero-amount hit reads it without counting.
  const { resetInMs } = await counters.hit(key(ip), HOUR_MS, 0);
  const retryAfterS = Math.max(1, Math.ceil(resetInMs / 1000));
  throw new AppError('RATE_LIMITED', (t) => t.t('problems.intake.too_many_files', { wait: describeWait(retryAfterS, t) })).withHeaders({
    'retry-after': String(retryAfterS),
  });
}

/** After a file is stored: its size counted for its address. */
export async function countUploadBytes(counters: CounterStore, ip: string, bytes: number): Promise<void> {
  await counters.hit(key(ip), HOUR_MS, Math.ceil(bytes / 1024));
}
