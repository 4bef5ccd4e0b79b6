import { message } from '../../../common/i18n/translator.js';
import { AppError } from '../../errors.js';
import type { DomainContext } from '../context.js';
import { now } from '../context.js';
import { findClient } from './find-client.js';

/**
 * Merges the client `sourceId` into `survivorId`, chosen explicitly by the caller. In one transaction: the
 * source's tickets and replies move to the survivor, the source's email and other addresses become the
 * survivor's other addresses (so later mail from them finds the survivor), and the source account is disabled,
 * marked merged, its email freed, its sessions, API tokens and unused sign-in links ended. Notes are joined.
 */
export async function mergeClients(ctx: DomainContext, survivorId: number, sourceId: number): Promise<void> {
  if (survivorId === sourceId) throw new AppError('CONFLICT', message('problems.contacts.merge_self'));
  await ctx.db.transaction().execute(async (trx) => {
    const survivor = await findClient(trx, survivorId);
    const source = await findClient(trx, sourceId);
    if (source.merged_into_id !== null) throw new AppError('CONFLICT', message('problems.contacts.already_merged'));
    const time = now();
    await trx.updateTable('posts').set({ author_id: survivor.id }).where('author_id', '=', source.id).execute();
    await trx.updateTable('comments').set({ author_id: survivor.id }).where('author_id', '=', source.id).execute();
    await trx.updateTable('client_addresses').set({ user_id: survivor.id }).where('user_id', '=', source.id).execute();
    // The source's email is freed first (users.email is unique), then kept as the survivor's other address.
    await trx
      .updateTable('users')
      .set({
        email: `merged-${source.id}-into-${survivor.id}@merged.invalid`,
        disabled_at: time,
        merged_into_id: survivor.id,
        updated_at: time,
      })
      .where('id', '=', source.id)
      .execute();
    await trx.insertInto('client_addresses').values({ user_id: survivor.id, address: source.email, created_at: time }).execute();
    const notes = [survivor.notes, source.notes].filter((n) => n.trim() !== '').join('\n\n');
    await trx
      .updateTable('users')
      .set({ notes, organisation_id: survivor.organisation_id ?? source.organisation_id, updated_at: time })
      .where('id', '=', survivor.id)
      .execute();
    await trx.deleteFrom('sessions').where('user_id', '=', source.id).execute();
    await trx.deleteFrom('api_tokens').where('user_id', '=', source.id).execute();
    await trx.updateTable('login_tokens').set({ used_at: time }).where('user_id', '=', source.id).where('used_at', 'is', null).execute();
  });
  // After the commit: the merged account's open event streams end on every instance.
  ctx.live.publish({ kind: 'access.revoked', userId: sourceId });
}
