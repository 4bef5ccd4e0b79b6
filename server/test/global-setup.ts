import pg from 'pg';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Admin URL of the PostgreSQL server the storage tests use, or null when they are skipped. */
    postgresUrl: string | null;
  }
}

const LOCAL_DEFAULT = 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * Finds the PostgreSQL server once for the whole run. With TEST_DATABASE_URL set (as in CI) it is
 * required; without it a local server is used when one answers, else the PostgreSQL runs are skipped
 * with a printed notice.
 */
export default async function setup(project: TestProject) {
  const required = process.env.TEST_DATABASE_URL;
  const url = required ?? LOCAL_DEFAULT;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    project.provide('postgresUrl', url);
  } catch (error) {
    if (required) throw new Error(`TEST_DATABASE_URL is set but PostgreSQL does not answer at ${url}: ${(error as Error).message}`);
    console.warn(
      `\nNOTICE: no PostgreSQL at ${LOCAL_DEFAULT}; the PostgreSQL runs of ` +
        `the storage tests are SKIPPED. Set TEST_DATABASE_URL to require them.\n`,
    );
    project.provide('postgresUrl', null);
  } finally {
    await client.end().catch(() => {});
  }
}
