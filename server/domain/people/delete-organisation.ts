import type { DomainContext } from '../context.js';
import { noOrganisation } from './save-organisation.js';

/** Deletes an organisation and its domains; its clients stay, in no organisation. */
export async function deleteOrganisation(ctx: DomainContext, id: number): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ organisation_id: null }).where('organisation_id', '=', id).execute();
    await trx.deleteFrom('organisation_domains').where('organisation_id', '=', id).execute();
    const deleted = await trx.deleteFrom('organisations').where('id', '=', id).executeTakeFirst();
    if (Number(deleted.numDeletedRows) === 0) throw noOrganisation(id);
  });
}
