import type { Kysely } from 'kysely';
import type { Database, NotificationKind } from '../../db/tables.js';
import type { CoreSettings } from '../../settings/core-settings.js';

/** Every event an agent can be told of, in the order the preferences panel lists them. */
export const NOTIFICATION_KINDS: readonly NotificationKind[] = [
  'ticket_created',
  'client_replied',
  'ticket_assigned',
  'rating_received',
  'sla_warning',
  'sla_breached',
];

/** Whether each event reaches the agent by mail. */
export type MailPreferences = Record<NotificationKind, boolean>;

/** An agent's choices: the value in force for each event, and whether it is their own or the default. */
export interface NotificationPreferences {
  mail: MailPreferences;
  /** The events whose value the agent chose; the others follow the admin's defaults. */
  chosen: NotificationKind[];
}

const metaKey = (kind: NotificationKind) => `notify_mail_${kind}`;

/** What an agent gets who chose nothing: the admin's Emails setting for new tickets, every other event on. */
export function defaultMailPreferences(settings: Pick<CoreSettings, 'emails'>): MailPreferences {
  return {
    ticket_created: settings.emails.notify_new_tickets,
    client_replied: true,
    ticket_assigned: true,
    rating_received: true,
    sla_warning: true,
    sla_breached: true,
  };
}

/** One agent's preferences, their own choices over the defaults. */
export async function getNotificationPreferences(
  db: Kysely<Database>,
  userId: number,
  defaults: MailPreferences,
): Promise<NotificationPreferences> {
  const rows = await db
    .selectFrom('user_meta')
    .select(['meta_key', 'meta_value'])
    .where('user_id', '=', userId)
    .where(
      'meta_key',
      'in',
      NOTIFICATION_KINDS.map((kind) => metaKey(kind)),
    )
    .execute();
  const mail = { ...defaults };
  const chosen: NotificationKind[] = [];
  for (const kind of NOTIFICATION_KINDS) {
    const row = rows.find((r) => r.meta_key === metaKey(kind));
    if (!row) continue;
    mail[kind] = row.meta_value === '1';
    chosen.push(kind);
  }
  return { mail, chosen };
}

/** Saves an agent's choices: true or false per event, or null to follow the default again. */
export async function setNotificationPreferences(
  db: Kysely<Database>,
  userId: number,
  changes: Partial<Record<NotificationKind, boolean | null>>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const kind of NOTIFICATION_KINDS) {
      const value = changes[kind];
      if (value === undefined) continue;
      if (value === null) {
        await trx.deleteFrom('user_meta').where('user_id', '=', userId).where('meta_key', '=', metaKey(kind)).execute();
        continue;
      }
      await trx
        .insertInto('user_meta')
        .values({ user_id: userId, meta_key: metaKey(kind), meta_value: value ? '1' : '0' })
        .onConflict((oc) => oc.columns(['user_id', 'meta_key']).doUpdateSet({ meta_value: value ? '1' : '0' }))
        .execute();
    }
  });
}

/** Of `userIds`, those who get mail about `kind`: their own choice, else `byDefault`. */
export async function usersWantingMail(
  db: Kysely<Database>,
  userIds: number[],
  kind: NotificationKind,
  byDefault: boolean,
): Promise<number[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .selectFrom('user_meta')
    .select(['user_id', 'meta_value'])
    .where('meta_key', '=', metaKey(kind))
    .where('user_id', 'in', userIds)
    .execute();
  const chosen = new Map(rows.map((r) => [r.user_id, r.meta_value === '1']));
  return userIds.filter((id) => chosen.get(id) ?? byDefault);
}
