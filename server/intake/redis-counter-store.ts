import { createClient } from 'redis';
import type { CounterStore } from './counter-store.js';

/** Counters in Redis, shared by every instance; each window is a key that expires with it. */
export async function createRedisCounterStore(url: string): Promise<CounterStore> {
  const client = createClient({ url });
  // Without a listener a lost connection would crash the process; commands fail until it is back.
  client.on('error', () => {});
  await client.connect();
  return {
    async hit(key, windowMs) {
      const [count, , ttl] = (await client
        .multi()
        .incr(key)
        .pExpire(key, windowMs, 'NX')
        .pTTL(key)
        .exec()) as unknown as [number, number, number];
      return { count, resetInMs: Math.max(0, ttl) };
    },
    async peek(key) {
      return Number((await client.get(key)) ?? 0);
    },
    async close() {
      await client.quit().catch(() => {});
    },
  };
}
