import { configDefaults, defineConfig } from 'vitest/config';

// Server test files that need a module registry of their own run isolated: one replaces a module (vi.mock), and
// three read the process-wide count of signed-in requests (server/db/signed-in-lane.ts), which a request of an
// earlier file in the same worker may still hold for a second (SIGNED_IN_HOLD_MS): the work gate's limit drops
// to one filing while it does, whatever the switch under test.
const ISOLATED_SERVER_FILES = [
  'server/mail-inbound/bounded-mail-decoding.test.ts',
  'server/db/work-gate.test.ts',
  'server/db/signed-in-lane.test.ts',
  'server/config/performance-switches.test.ts',
];

export default defineConfig({
  test: {
    globalSetup: ['server/test/global-setup.ts'],
    pool: 'forks',
    // Most test files wait on PostgreSQL, fsync, child processes or sockets, not on the CPU: three at
    // a time on CI's two cores finishes the run far sooner than Vitest's default of one (cores - 1).
    maxWorkers: 3,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['server/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...ISOLATED_SERVER_FILES],
          // The server's files share each worker's loaded modules instead of importing the service anew per file:
          // every file builds its own helpdesk, database and clock (server/test/test-helpdesk.ts), and what modules
          // keep is memos, caches keyed by database (WeakMap), write counters that only ever invalidate, and the
          // signed-in lane's request count (the files that read it run isolated, above). Importing
          // was roughly 4 s per file again and again; shared, the whole run imported for 256 s (docs/conventions.md).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'isolated',
          // The admin app's tests name their DOM in their first line (`// @vitest-environment happy-dom`); the rest run in Node.
          include: [
            'common/**/*.test.ts',
            'widget/**/*.test.ts',
            'scripts/**/*.test.ts',
            'bin/**/*.test.ts',
            'admin/**/*.test.{ts,tsx}',
            ...ISOLATED_SERVER_FILES,
          ],
        },
      },
    ],
  },
});
