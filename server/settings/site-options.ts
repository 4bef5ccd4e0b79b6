import type { Kysely } from 'kysely';
import { DEFAULT_BRAND_COLOR } from '../../common/brand-color.js';
import { type AuditContext, diffChanges, recordSettingsChanges } from '../audit/record-audit.js';
import { performanceOffOf } from '../db/performance-off-of.js';
import type { Database } from '../db/tables.js';
import { optionWrites, writeOption } from '../domain/options.js';

/** Core site options (the CMS's own settings, outside the helpdesk's schema). */
export interface SiteOptions {
  /** "Anyone can register". */
  users_can_register: boolean;
  site_name: string;
  /** The site's colour (#rrggbb): the widget's button and the help site's accents. */
  brand_color: string;
  /** IANA time zone in which pages and mails show times (`Europe/Berlin`). */
  time_zone: string;
  /** The language of pages, mails and the widget for whoever has none of their own (`en`, `de`, `es`, `fr`, `ar`). */
  site_language: string;
  /** Set by uploading a logo (site-logo.ts), never by a PATCH; '' without a logo. */
  logo_version: string;
}

const DEFAULTS: SiteOptions = {
  users_can_register: false,
  site_name: 'Helpdesk',
  brand_color: DEFAULT_BRAND_COLOR,
  time_zone: 'UTC',
  site_language: 'en',
  logo_version: '',
};

export { BRAND_COLOR_PATTERN } from '../../common/brand-color.js';

/**
 * A time zone this Node.js knows, in its IANA spelling ("europe/berlin" → "Europe/Berlin", so the settings and
 * the times' tooltips show the name as written everywhere else); null for an unknown one, so a typo never
 * reaches a page as an exception. Offsets such as "+05:00" are refused: a fixed offset ignores daylight saving.
 */
export function canonicalTimeZone(name: string): string | null {
  try {
    const resolved = new Intl.DateTimeFormat('en', { timeZone: name }).resolvedOptions().timeZone;
    if (/^[+-]/.test(name.trim())) return null;
    // Only the case is taken from ICU: its name for an alias may be an older one (Europe/Kyiv → Europe/Kiev).
    return resolved.toLowerCase() === name.toLowerCase() ? resolved : name;
  } catch {
    return null;
  }
}
const NAMES = Object.keys(DEFAULTS) as Array<keyof SiteOptions>;

// Read by every mail and page and changed rarely, the options are kept briefly per database, as the settings
// are (settings.ts): a write through this process refreshes them at once, another instance's within the TTL.
const OPTIONS_TTL_MS = 2_000;
const cache = new WeakMap<object, { writes: number; expiresAt: number; options: Promise<Readonly<SiteOptions>> }>();

/** Every site option, stored value over default. Shared and frozen: copy it to change it. */
export async function getSiteOptions(db: Kysely<Database>): Promise<Readonly<SiteOptions>> {
  if (performanceOffOf(db).has('caches')) return readSiteOptions(db);
  const hit = cache.get(db);
  if (hit && hit.writes === optionWrites() && hit.expiresAt > Date.now()) return hit.options;
  const options = readSiteOptions(db);
  cache.set(db, { writes: optionWrites(), expiresAt: Date.now() + OPTIONS_TTL_MS, options });
  options.catch(() => cache.delete(db));
  return options;
}

async function readSiteOptions(db: Kysely<Database>): Promise<Readonly<SiteOptions>> {
  const rows = await db.selectFrom('options').select(['name', 'value']).where('name', 'in', NAMES).execute();
  const stored = Object.fromEntries(rows.map((r) => [r.name, JSON.parse(r.value)]));
  return Object.freeze({ ...DEFAULTS, ...stored });
}

/** Stores the given site options (already validated by the route schema); the audit log records what changed. */
export async function updateSiteOptions(db: Kysely<Database>, patch: Partial<SiteOptions>, audit?: AuditContext): Promise<SiteOptions> {
  const before = await readSiteOptions(db);
  await db.transaction().execute(async (trx) => {
    for (const name of NAMES) if (patch[name] !== undefined) await writeOption(trx, name, patch[name]);
    const after = Object.fromEntries(NAMES.filter((name) => patch[name] !== undefined).map((name) => [name, patch[name]]));
    const changes = diffChanges(Object.fromEntries(Object.keys(after).map((name) => [name, before[name as keyof SiteOptions]])), after);
    await recordSettingsChanges(trx, audit, 'site_options', changes);
  });
  return getSiteOptions(db);
}
