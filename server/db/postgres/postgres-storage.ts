import { sql } from 'kysely';
import type { Storage } from '../storage.js';
import { postgresCounters } from './counters.js';
import { fileTicketInOneStatement } from './file-ticket.js';
import { postgresKeptCounts } from './fold-kept-counts.js';
import { POSTS_CHANGED_CHANNEL } from './posts-changed-channel.js';
import { postgresSearch } from './search.js';

/** What PostgreSQL does its own way (server/db/storage.ts): a pool shared by instances, row locks, sequences. */
export const postgresStorage: Storage = {
  describe: () => 'PostgreSQL',
  sharedByInstances: true,
  keepsPlannerStatistics: true,
  filingsRunOnEventLoop: false,
  tickets: {
    fileInOneStatement: fileTicketInOneStatement,
    // `nextval` inside the insert: no extra round trip, no lock shared by instances; a ticket whose
    // transaction rolls back leaves a gap, the price of never waiting.
    nextNumber: async () => sql<number>`nextval('ticket_number_seq')`,
  },
  search: postgresSearch,
  keptCounts: postgresKeptCounts,
  locks: {
    forUpdate: (query) => query.forUpdate(),
    forUpdateSkipLocked: (query) => query.forUpdate().skipLocked(),
  },
  counters: postgresCounters,
  async announcePostsChanged(db) {
    await sql`select pg_notify(${POSTS_CHANGED_CHANNEL}, '')`.execute(db);
  },
};
