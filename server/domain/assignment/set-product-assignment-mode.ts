import { message } from '../../../common/i18n/translator.js';
import type { AssignmentMode } from '../../db/tables.js';
import { AppError } from '../../errors.js';
import { enqueueJob } from '../../jobs/queue.js';
import type { DomainContext } from '../context.js';
import { productAssignmentChanged } from './assignment-in-force.js';
import { ASSIGN_WAITING_JOB } from './update-agent-assignment.js';

/** Sets a product's own assignment mode (null: follow the site's). NOT_FOUND when there is no such product. */
export async function setProductAssignmentMode(ctx: DomainContext, productId: number, mode: AssignmentMode | null): Promise<void> {
  const product = await ctx.db
    .selectFrom('posts')
    .select('id')
    .where('id', '=', productId)
    .where('type', '=', 'product')
    .executeTakeFirst();
  if (!product) throw new AppError('NOT_FOUND', message('problems.field.no_such_with_id', { kind: 'product', id: String(productId) }));
  await ctx.transactions.run(async (trx) => {
    if (mode === null) await trx.deleteFrom('product_assignment_modes').where('product_id', '=', productId).execute();
    else
      await trx
        .insertInto('product_assignment_modes')
        .values({ product_id: productId, mode })
        .onConflict((oc) => oc.column('product_id').doUpdateSet({ mode }))
        .execute();
    // A product turned off lets its waiting tickets go; one turned on may assign them.
    await enqueueJob(trx, ASSIGN_WAITING_JOB, {});
  });
  productAssignmentChanged(ctx.db);
}
