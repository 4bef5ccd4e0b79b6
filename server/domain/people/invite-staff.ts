import type { Kysely } from 'kysely';
import { voidInvitationLinks } from '../../auth/invitation-links.js';
import type { Database } from '../../db/tables.js';
import { enqueueMail } from '../../email/mail-jobs.js';
import { now } from '../context.js';

/** user_meta key: when the account's latest invitation was sent (the Agents list shows it until accepted). */
export const INVITATION_SENT_META = 'invitation_sent_at';

/**
 * Mails an agent or admin without a password an invitation to choose one, and notes when. Any earlier
 * invitation link stops working at once, in the same transaction as the new mail's job (its link is minted
 * when the mail is built).
 */
export async function inviteStaff(db: Kysely<Database>, userId: number): Promise<void> {
  const write = async (trx: Kysely<Database>) => {
    const time = now();
    await trx
      .insertInto('user_meta')
      .values({ user_id: userId, meta_key: INVITATION_SENT_META, meta_value: time })
      .onConflict((oc) => oc.columns(['user_id', 'meta_key']).doUpdateSet({ meta_value: time }))
      .execute();
    await voidInvitationLinks(trx, userId);
    await enqueueMail(trx, { template: 'staff_invitation', userId, ticketId: null });
  };
  await (db.isTransaction ? write(db) : db.transaction().execute(write));
}
