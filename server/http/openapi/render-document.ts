import { buildApp } from '../../app.js';
import type { Config } from '../../config/config-types.js';
import { createDb } from '../../db/create-db.js';
import { migrateToLatest } from '../../db/migrate.js';
import { createDomainContext } from '../../domain/context.js';
import { loadHooks } from '../../hooks/load-plugins.js';

/**
 * The OpenAPI document the server would serve with this configuration (plugins' routes included),
 * without a database or a port: the app is built over an empty in-memory SQLite and asked once.
 */
export async function renderOpenApiDocument(config: Config): Promise<unknown> {
  const db = createDb({ url: ':memory:' });
  try {
    await migrateToLatest(db);
    const app = await buildApp({ config, ctx: createDomainContext(db, await loadHooks(config)) });
    try {
      const res = await app.inject({ method: 'GET', url: `${config.basePath}/api/helpdesk/v1/openapi.json` });
      return res.json();
    } finally {
      await app.close();
    }
  } finally {
    await db.close();
  }
}
