import type { DomainContext } from '../context.js';
import { presentTag, type Tag } from './ticket-tags.js';

/** Every tag by name, with how many tickets have it (one grouped query over the tag index). */
export async function listTags(ctx: DomainContext): Promise<Array<Tag & { tickets: number }>> {
  const rows = await ctx.db
    .selectFrom('terms as t')
    .leftJoin('ticket_tags as tt', 'tt.term_id', 't.id')
    .select(['t.id', 't.name', 't.slug', 't.color', (eb) => eb.fn.count<number | string>('tt.ticket_id').as('n')])
    .where('t.taxonomy', '=', 'ticket_tag')
    .groupBy(['t.id', 't.name', 't.slug', 't.color'])
    .orderBy('t.name')
    .execute();
  return rows.map((row) => ({ ...presentTag(row), tickets: Number(row.n) }));
}
