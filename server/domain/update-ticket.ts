import type { Taxonomy } from '../db/tables.js';
import { AppError, invalidField } from '../errors.js';
import { mayChangeTicket } from '../policies/ticket-policy.js';
import { type Actor, type DomainContext, now } from './context.js';
import { findTermId } from './find-term-id.js';

export interface TicketChanges {
  /** Status slug (changed by hand: no filter, no setting). */
  status?: string;
  /** Reason or urgency id or slug, or null to clear. */
  reason?: number | string | null;
  urgency?: number | string | null;
  product?: number | null;
  /** An agent or admin id, or null to unassign. */
  assignee?: number | null;
}

const TERM_FIELDS: Array<[key: 'status' | 'reason' | 'urgency', taxonomy: Taxonomy]> = [
  ['status', 'ticket_status'],
  ['reason', 'ticket_reason'],
  ['urgency', 'ticket_urgency'],
];

/** Changes a ticket's status, reason, urgency, product or assignee (agents and admins), in one transaction. */
export async function updateTicket(ctx: DomainContext, id: number, changes: TicketChanges, actor: Actor | null): Promise<void> {
  if (!mayChangeTicket(actor)) throw new AppError('FORBIDDEN', 'Only agents and admins can change tickets.');
  await ctx.db.transaction().execute(async (trx) => {
    const ticket = await trx.selectFrom('posts').select('id').where('id', '=', id).where('type', '=', 'ticket').executeTakeFirst();
    if (!ticket) throw new AppError('NOT_FOUND', 'There is no such ticket.');

    for (const [key, taxonomy] of TERM_FIELDS) {
      const termKey = changes[key];
      if (termKey === undefined) continue;
      if (termKey === null) {
        if (key === 'status') throw invalidField('status', 'a ticket always has a status');
        await trx.deleteFrom('term_relationships').where('post_id', '=', id).where('taxonomy', '=', taxonomy).execute();
        continue;
      }
      const termId = await findTermId(trx, taxonomy, termKey);
      if (termId === undefined) throw invalidField(key, `there is no ${key} "${termKey}"`);
      const updated = await trx
        .updateTable('term_relationships')
        .set({ term_id: termId })
        .where('post_id', '=', id)
        .where('taxonomy', '=', taxonomy)
        .executeTakeFirst();
      if (updated.numUpdatedRows === 0n)
        await trx.insertInto('term_relationships').values({ post_id: id, taxonomy, term_id: termId }).execute();
    }

    const set: { product_id?: number | null; assignee_id?: number | null; updated_at: string } = { updated_at: now() };
    if (changes.product !== undefined) {
      if (changes.product !== null) {
        const product = await trx
          .selectFrom('posts')
          .select('id')
          .where('id', '=', changes.product)
          .where('type', '=', 'product')
          .executeTakeFirst();
        if (!product) throw invalidField('product', `there is no product with id ${changes.product}`);
      }
      set.product_id = changes.product;
    }
    if (changes.assignee !== undefined) {
      if (changes.assignee !== null) {
        const agent = await trx
          .selectFrom('users')
          .select('id')
          .where('id', '=', changes.assignee)
          .where('role', 'in', ['agent', 'admin'])
          .executeTakeFirst();
        if (!agent) throw invalidField('assignee', `there is no agent or admin with id ${changes.assignee}`);
      }
      set.assignee_id = changes.assignee;
    }
    await trx.updateTable('posts').set(set).where('id', '=', id).execute();
  });
}
