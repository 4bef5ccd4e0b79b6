import type { CounterStore } from './counter-store.js';

/**
 * Counters in Redis, shared by every instance; each window is a key that expires with it. Every key
 * starts with `keyPrefix`, so several helpdesks (or test runs) can share one Redis.
 */
export async function createRedisCounterStore(url: string, keyPrefix = ''): Promise<CounterStore> {
  // Imported here: only installs that count in Redis load its client (about 12 MiB resident).
  const { createClient } = await import('redis');
  const client = createClient({ url });
  // Without a listener a lost connection would crash the process; commands fail until it is back.
  client.on('error', () => {});
  await client.connect();
  return {
    async hit(name, windowMs, amount = 1) {
      const key = keyPrefix + name;
      const [count, , ttl] = (await client.multi().incrBy(key, amount).pExpire(key, windowMs, 'NX').pTTL(key).exec()) as unknown as [
        number,
        number,
        number,
      ];
      return { count, resetInMs: Math.max(0, ttl) };
    },
    async peek(name) {
      return Number((await client.get(keyPrefix + name)) ?? 0);
    },
    async close() {
      await client.quit().catch(() => {});
    },
  };
}
