import { createDb } from '../../server/db/create-db.js';
import { migrateToLatest } from '../../server/db/migrate.js';
import { createDomainContext } from '../../server/domain/context.js';
import { createHooks } from '../../server/hooks/create-hooks.js';
import { intakeSection } from '../../server/intake/intake-settings.js';
import { updateSettings } from '../../server/settings/settings.js';

// The intake limits keep their defaults except the site-wide daily cap (a load from thousands of
// addresses is exactly the flood it stops): the loads take a new address and email before either limit.
const fields = intakeSection().fields as Record<string, { default?: unknown; max?: number }>;
export const PER_ADDRESS = Number(fields.limit_ip_hour?.default);
export const PER_EMAIL = Number(fields.limit_email_hour?.default);
export const GLOBAL_DAY = Number(fields.limit_global_day?.max);

/** Migrates a fresh database for intake loads: accounts created on submission, the daily cap at its maximum. */
export async function prepareIntakeSite(url: string): Promise<{ statusId: number; urgencyId: number }> {
  const db = createDb({ url });
  try {
    await migrateToLatest(db);
    await updateSettings(createDomainContext(db, createHooks()), { tickets: { create_accounts: true, limit_global_day: GLOBAL_DAY } });
    const term = (taxonomy: 'ticket_status' | 'ticket_urgency', slug: string) =>
      db.kysely.selectFrom('terms').select('id').where('taxonomy', '=', taxonomy).where('slug', '=', slug).executeTakeFirstOrThrow();
    return { statusId: (await term('ticket_status', 'open')).id, urgencyId: (await term('ticket_urgency', 'high')).id };
  } finally {
    await db.close();
  }
}
