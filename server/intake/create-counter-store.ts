import type { Config } from '../config/config-types.js';
import type { Db } from '../db/create-db.js';
import { type CounterStore, createMemoryCounterStore } from './counter-store.js';
import { createDatabaseCounterStore } from './database-counter-store.js';
import { createRedisCounterStore } from './redis-counter-store.js';

/** Opens the counter store the configuration chose (HELPDESK_INTAKE_COUNTERS, see loadConfig). */
export async function createCounterStore(config: Config, db: Db): Promise<CounterStore> {
  if (config.intakeCounters === 'redis' && config.redisUrl) return createRedisCounterStore(config.redisUrl, config.redisKeyPrefix);
  if (config.intakeCounters === 'database') return createDatabaseCounterStore(db.kysely, db.storage);
  return createMemoryCounterStore();
}

/**
 * The counter store for a process that handles one request and ends (`helpdesk mail receive`): memory
 * would start at zero for every message, so where the configuration keeps counts in memory they are kept
 * in the database instead. (The serving process's memory counts are not shared with it: set
 * HELPDESK_INTAKE_COUNTERS=database to count the widget and piped mail together.)
 */
export async function createLastingCounterStore(config: Config, db: Db): Promise<CounterStore> {
  const inMemory = config.intakeCounters !== 'database' && !(config.intakeCounters === 'redis' && config.redisUrl);
  return inMemory ? createDatabaseCounterStore(db.kysely, db.storage) : createCounterStore(config, db);
}
