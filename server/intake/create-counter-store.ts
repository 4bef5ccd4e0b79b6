import type { Config } from '../config/config-types.js';
import type { Db } from '../db/create-db.js';
import { type CounterStore, createMemoryCounterStore } from './counter-store.js';
import { createDatabaseCounterStore } from './database-counter-store.js';
import { createRedisCounterStore } from './redis-counter-store.js';

/** Opens the counter store the configuration chose (HELPDESK_INTAKE_COUNTERS, see loadConfig). */
export async function createCounterStore(config: Config, db: Db): Promise<CounterStore> {
  if (config.intakeCounters === 'redis' && config.redisUrl) return createRedisCounterStore(config.redisUrl, config.redisKeyPrefix);
  if (config.intakeCounters === 'database') return createDatabaseCounterStore(db.kysely, db.dialect);
  return createMemoryCounterStore();
}
