import type { Storage } from '../storage.js';
import { sqliteCounters } from './counters.js';
import { sqliteSearch } from './search.js';

/** What SQLite does its own way (server/db/storage.ts): one process, one writer, synchronous calls. */
export const sqliteStorage: Storage = {
  describe: (url) => `SQLite file ${url}`,
  sharedByInstances: false,
  keepsPlannerStatistics: false,
  filingsRunOnEventLoop: true,
  tickets: {
    // A counter row bumped in the ticket's own transaction (one writer, savepoints per unit): no gaps.
    async nextNumber(trx) {
      const row = await trx
        .updateTable('sequences')
        .set((eb) => ({ value: eb('value', '+', 1) }))
        .where('name', '=', 'ticket_number')
        .returning('value')
        .executeTakeFirstOrThrow();
      return row.value;
    },
  },
  search: sqliteSearch,
  // One row per key (one writer): nothing to fold.
  keptCounts: {
    foldStatusCounts: async () => {},
    foldViewCounts: async () => {},
    foldUnreadCounts: async () => {},
  },
  // One writer: a transaction's reads already hold every other writer off (BEGIN IMMEDIATE).
  locks: {
    forUpdate: (query) => query,
    forUpdateSkipLocked: (query) => query,
  },
  counters: sqliteCounters,
  // One process, which has cleared its own cache.
  announcePostsChanged: async () => {},
};
