import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // The admin app's tests name their DOM in their first line (`// @vitest-environment happy-dom`); the rest run in Node.
    include: [
      'server/**/*.test.ts',
      'common/**/*.test.ts',
      'widget/**/*.test.ts',
      'scripts/**/*.test.ts',
      'bin/**/*.test.ts',
      'admin/**/*.test.{ts,tsx}',
    ],
    globalSetup: ['server/test/global-setup.ts'],
    pool: 'forks',
    // Most test files wait on PostgreSQL, fsync, child processes or sockets, not on the CPU: three at
    // a time on CI's two cores finishes the run far sooner than Vitest's default of one (cores - 1).
    maxWorkers: 3,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
