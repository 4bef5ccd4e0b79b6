import { type Migration, type MigrationProvider, Migrator } from 'kysely';
import type { Db } from './create-db.js';
import * as initial from './migrations/2026-11-21-001-initial.js';
import * as docsSearch from './migrations/2026-11-21-003-docs-search.js';
import * as mailSessionsPages from './migrations/2026-11-21-002-mail-sessions-pages.js';
import * as agentInbox from './migrations/2026-11-21-004-agent-inbox.js';
import * as usersRole from './migrations/2026-11-21-005-users-role.js';
import * as counterWindows from './migrations/2026-11-21-006-counter-windows.js';

// Listed statically (not read from disk) so the bundled server carries its migrations with it.
const MIGRATIONS: Record<string, Migration> = {
  '2026-11-21-001-initial': initial,
  '2026-11-21-002-mail-sessions-pages': mailSessionsPages,
  '2026-11-21-003-docs-search': docsSearch,
  '2026-11-21-004-agent-inbox': agentInbox,
  '2026-11-21-005-users-role': usersRole,
  '2026-11-21-006-counter-windows': counterWindows,
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

/** Applies every pending migration; Kysely's lock table makes concurrent starts run them once. */
export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({ db: db.kysely, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const name = failed ? ` (${failed.migrationName})` : '';
    throw new Error(`Database migration failed${name}: ${error instanceof Error ? error.message : String(error)}`);
  }
}
