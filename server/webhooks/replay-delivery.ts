import { message } from '../../common/i18n/translator.js';
import type { DomainContext } from '../domain/context.js';
import { AppError } from '../errors.js';
import { enqueueJob } from '../jobs/queue.js';
import { WEBHOOK_DELIVERY_JOB } from './queue-webhook-event.js';
import { findSubscriptionRow } from './subscription.js';

/**
 * Sends a delivery again, with its own `webhook-id` (a receiver that has it already can tell), whatever its state:
 * it becomes pending and starts the schedule again; its earlier attempts stay in the log.
 */
export async function replayDelivery(ctx: DomainContext, subscriptionId: number, deliveryId: number): Promise<void> {
  await findSubscriptionRow(ctx.db, subscriptionId);
  await ctx.transactions.write(async (trx) => {
    const updated = await trx
      .updateTable('webhook_deliveries')
      .set({ state: 'pending', attempts: 0, next_delay_ms: null, updated_at: ctx.now().toISOString() })
      .where('id', '=', deliveryId)
      .where('subscription_id', '=', subscriptionId)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0)
      throw new AppError('NOT_FOUND', message('problems.webhook.delivery_not_found', { id: String(deliveryId) }));
    await enqueueJob(trx, WEBHOOK_DELIVERY_JOB, { deliveryId });
  });
}
