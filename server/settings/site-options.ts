import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.js';
import { writeOption } from '../domain/options.js';

/** Core site options (the CMS's own settings, outside the helpdesk's schema). */
export interface SiteOptions {
  /** "Anyone can register". */
  users_can_register: boolean;
  site_name: string;
}

const DEFAULTS: SiteOptions = { users_can_register: false, site_name: 'Helpdesk' };
const NAMES = Object.keys(DEFAULTS) as Array<keyof SiteOptions>;

/** Every site option, stored value over default. */
export async function getSiteOptions(db: Kysely<Database>): Promise<SiteOptions> {
  const rows = await db.selectFrom('options').select(['name', 'value']).where('name', 'in', NAMES).execute();
  const stored = Object.fromEntries(rows.map((r) => [r.name, JSON.parse(r.value)]));
  return { ...DEFAULTS, ...stored };
}

/** Stores the given site options (already validated by the route schema). */
export async function updateSiteOptions(db: Kysely<Database>, patch: Partial<SiteOptions>): Promise<SiteOptions> {
  await db.transaction().execute(async (trx) => {
    for (const name of NAMES) if (patch[name] !== undefined) await writeOption(trx, name, patch[name]);
  });
  return getSiteOptions(db);
}
