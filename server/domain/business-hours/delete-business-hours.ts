import { message } from '../../../common/i18n/translator.js';
import { AppError } from '../../errors.js';
import type { DomainContext } from '../context.js';
import { findBusinessHours } from './business-hours.js';

/**
 * Deletes a schedule and its overrides; the default one, or one a service level counts on, is refused (a CONFLICT:
 * make another the default, or give the policy other hours, first).
 */
export async function deleteBusinessHours(ctx: DomainContext, id: number): Promise<void> {
  const current = await findBusinessHours(ctx.db, id);
  if (current.isDefault) throw new AppError('CONFLICT', message('problems.business_hours.default_delete'));
  // A policy's clock would lose its hours; it is moved to others first, by the admin who knows which.
  const user = await ctx.db.selectFrom('sla_policies').select('name').where('business_hours_id', '=', id).executeTakeFirst();
  if (user) throw new AppError('CONFLICT', message('problems.business_hours.in_use', { policy: user.name }));
  await ctx.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('business_hours_overrides').where('business_hours_id', '=', id).execute();
    await trx.deleteFrom('business_hours').where('id', '=', id).execute();
  });
}
