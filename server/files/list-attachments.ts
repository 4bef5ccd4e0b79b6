import type { DomainContext } from '../domain/context.js';

/** A stored file as a ticket or comment lists it. */
export interface AttachmentSummary {
  publicId: string;
  name: string;
  size: number;
  type: string;
}

/** The files of a ticket, by what they came with: `null` for the description, else the comment id. */
export type AttachmentsByComment = Map<number | null, AttachmentSummary[]>;

/** Every committed file of a ticket, in the order sent, grouped by comment (the reader filters comments). */
export async function listAttachments(ctx: DomainContext, ticketId: number): Promise<AttachmentsByComment> {
  const rows = await ctx.db
    .selectFrom('attachments')
    .select(['public_id', 'name', 'size', 'type', 'comment_id'])
    .where('ticket_id', '=', ticketId)
    .where('is_pending', '=', 0)
    .orderBy('id')
    .execute();
  const grouped: AttachmentsByComment = new Map();
  for (const row of rows) {
    const list = grouped.get(row.comment_id) ?? [];
    list.push({ publicId: row.public_id, name: row.name, size: Number(row.size), type: row.type });
    grouped.set(row.comment_id, list);
  }
  return grouped;
}
