import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';

// "Mail me the weekly report": an admin's own choice, off unless they turn it on. Kept in user_meta beside the
// notification mail choices (notification-preferences.ts); only admins can turn it on (an agent's is refused and,
// were it stored, never read: the sweep reads admins only).
const KEY = 'report_mail_weekly';

export async function getWeeklyReportMail(db: Kysely<Database>, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('user_meta')
    .select('meta_value')
    .where('user_id', '=', userId)
    .where('meta_key', '=', KEY)
    .executeTakeFirst();
  return row?.meta_value === '1';
}

export async function setWeeklyReportMail(db: Kysely<Database>, userId: number, on: boolean): Promise<void> {
  if (!on) {
    await db.deleteFrom('user_meta').where('user_id', '=', userId).where('meta_key', '=', KEY).execute();
    return;
  }
  await db
    .insertInto('user_meta')
    .values({ user_id: userId, meta_key: KEY, meta_value: '1' })
    .onConflict((oc) => oc.columns(['user_id', 'meta_key']).doUpdateSet({ meta_value: '1' }))
    .execute();
}

/** The enabled admins who asked for the weekly mail, with their own zone (null: the site's). */
export async function adminsWantingWeeklyReport(db: Kysely<Database>): Promise<Array<{ id: number; time_zone: string | null }>> {
  return db
    .selectFrom('users as u')
    .innerJoin('user_meta as m', (join) => join.onRef('m.user_id', '=', 'u.id').on('m.meta_key', '=', KEY).on('m.meta_value', '=', '1'))
    .select(['u.id', 'u.time_zone'])
    .where('u.role', '=', 'admin')
    .where('u.disabled_at', 'is', null)
    .orderBy('u.id')
    .execute();
}
