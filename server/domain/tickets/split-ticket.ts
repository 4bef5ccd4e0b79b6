import { message } from '../../../common/i18n/translator.js';
import { TICKET_FIELD_LIMITS } from '../../../common/limits.js';
import { AppError, invalidField } from '../../errors.js';
import { hiddenTicket, mayChangeTicket } from '../../policies/ticket-policy.js';
import { getCoreSettings } from '../../settings/core-settings.js';
import { queueWebhookEvent } from '../../webhooks/queue-webhook-event.js';
import { ticketWebhookData } from '../../webhooks/ticket-webhook-data.js';
import type { Actor, DomainContext } from '../context.js';
import { normalizeEmail } from '../people/resolve-user.js';
import { filedReportFacts } from '../report-facts/filed-report-facts.js';
import { slaInForce } from '../sla/sla-policies-exist.js';
import { changeTicket, publishTicketChange } from './change-ticket.js';
import { keepWhoSpokeLast } from './keep-who-spoke-last.js';

export interface SplitInput {
  ticketId: number;
  /** The comments (replies and notes) that move to the new ticket; the ticket's first message always stays. */
  commentIds: number[];
  /** The new ticket's client (an account's id, or its email); the original's when absent. */
  clientId?: number;
  clientEmail?: string;
  /** The new ticket's subject; the original's when absent. */
  subject?: string;
}

export interface SplitOutcome {
  ticket: { id: number; number: number; version: number };
  original: { id: number; number: number; version: number };
  movedFiles: number;
}

/**
 * Moves (never copies) some of a ticket's comments with their files to a new ticket, in one transaction: the new
 * ticket has the original's status, reason, urgency, product, assignee and tags, the client given (else the
 * original's), and points to the original (`split_from_id`); each side gets a `link` activity entry naming the
 * other. The description is the ticket's first message and cannot move, so the original is never left empty. The
 * new ticket is told to webhooks as `ticket.created`, to open screens after the commit; no mail goes to anyone
 * (nobody filed it). Refused, naming the field: no comments, a comment of another ticket, a merged ticket, an
 * unknown client.
 */
export async function splitTicket(ctx: DomainContext, input: SplitInput, actor: Actor | null): Promise<SplitOutcome> {
  if (!mayChangeTicket(actor)) throw new AppError('FORBIDDEN', message('problems.tickets.staff_change'));
  const commentIds = [...new Set(input.commentIds)];
  if (commentIds.length === 0) throw invalidField('comment_ids', message('problems.split.no_comments'));
  const [settings, withSla] = await Promise.all([getCoreSettings(ctx), slaInForce(ctx.db)]);
  const at = ctx.now();
  const time = at.toISOString();

  const done = await ctx.db.transaction().execute(async (trx) => {
    // Locked (PostgreSQL): a merge of this ticket at the same time waits, and then sees the split's result.
    const original = await ctx.storage.locks
      .forUpdate(trx.selectFrom('posts').selectAll().where('id', '=', input.ticketId).where('type', '=', 'ticket'))
      .executeTakeFirst();
    if (!original) throw hiddenTicket();
    const originalNumber = original.number ?? original.id;
    if (original.merged_into_id !== null) {
      const into = await trx.selectFrom('posts').select(['id', 'number']).where('id', '=', original.merged_into_id).executeTakeFirst();
      throw invalidField('id', message('problems.split.merged', { number: originalNumber, into: into?.number ?? into?.id ?? '?' }));
    }
    const found = await trx.selectFrom('comments').select('id').where('post_id', '=', original.id).where('id', 'in', commentIds).execute();
    if (found.length !== commentIds.length) {
      const known = new Set(found.map((r) => r.id));
      throw invalidField(
        'comment_ids',
        message('problems.split.not_in_ticket', { ids: commentIds.filter((id) => !known.has(id)).join(', ') }),
      );
    }
    let clientId = input.clientId ?? original.author_id;
    if (input.clientId !== undefined) {
      const client = await trx.selectFrom('users').select('id').where('id', '=', input.clientId).executeTakeFirst();
      if (!client) throw invalidField('client_id', message('problems.split.no_client', { id: String(input.clientId) }));
    } else if (input.clientEmail !== undefined) {
      const email = normalizeEmail(input.clientEmail);
      const client = await trx.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
      if (!client) throw invalidField('client_email', message('problems.split.no_client_email', { email }));
      clientId = client.id;
    }
    const subject = (input.subject ?? original.title).trim().slice(0, TICKET_FIELD_LIMITS.subject) || original.title;
    const { id, number } = await trx
      .insertInto('posts')
      .values({
        type: 'ticket',
        status: 'publish',
        title: subject,
        content: '',
        slug: '',
        author_id: clientId,
        product_id: original.product_id,
        parent_id: null,
        assignee_id: original.assignee_id,
        menu_order: 0,
        number: await ctx.storage.tickets.nextNumber(trx),
        created_at: time,
        updated_at: time,
        split_from_id: original.id,
      })
      .returning(['id', 'number'])
      .executeTakeFirstOrThrow();
    const terms = await trx.selectFrom('term_relationships').select(['taxonomy', 'term_id']).where('post_id', '=', original.id).execute();
    if (terms.length > 0)
      await trx
        .insertInto('term_relationships')
        .values(terms.map((t) => ({ post_id: id, taxonomy: t.taxonomy, term_id: t.term_id })))
        .execute();
    const tags = await trx.selectFrom('ticket_tags').select('term_id').where('ticket_id', '=', original.id).execute();
    if (tags.length > 0)
      await trx
        .insertInto('ticket_tags')
        .values(tags.map((t) => ({ ticket_id: id, term_id: t.term_id })))
        .execute();
    const status = await trx
      .selectFrom('terms')
      .select('slug')
      .where('id', '=', terms.find((t) => t.taxonomy === 'ticket_status')?.term_id ?? 0)
      .executeTakeFirst();
    const channel = await trx.selectFrom('ticket_report_facts').select('channel').where('ticket_id', '=', original.id).executeTakeFirst();
    const facts = filedReportFacts(at, channel?.channel ?? null, status?.slug ?? 'open');
    await trx
      .insertInto('ticket_report_facts')
      .values({ ticket_id: id, created_at: facts.createdAt, channel: facts.channel, status: facts.status, held_since: facts.heldSince })
      .execute();

    const files = await trx
      .selectFrom('attachments')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('comment_id', 'in', commentIds)
      .executeTakeFirstOrThrow();
    await trx.updateTable('attachments').set({ ticket_id: id }).where('comment_id', 'in', commentIds).execute();
    await trx.updateTable('comments').set({ post_id: id }).where('id', 'in', commentIds).execute();
    await trx.updateTable('inbound_mails').set({ ticket_id: id }).where('comment_id', 'in', commentIds).execute();

    await keepWhoSpokeLast(trx, id);
    await keepWhoSpokeLast(trx, original.id);
    const newNumber = `#${number ?? id}`;
    const created = await changeTicket(
      trx,
      id,
      {},
      {
        actorId: actor.id,
        settings,
        alongWith: [{ kind: 'link', field: 'split_from', newValue: `#${originalNumber}` }],
        at,
        slaInForce: withSla,
      },
    );
    const changed = await changeTicket(
      trx,
      original.id,
      {},
      { actorId: actor.id, settings, alongWith: [{ kind: 'link', field: 'split_into', newValue: newNumber }], at, slaInForce: withSla },
    );
    const data = await ticketWebhookData(trx, id);
    if (data) await queueWebhookEvent(trx, 'ticket.created', { ticket: data }, at);
    return {
      ticket: { id, number: number ?? id, version: created.version },
      original: { id: original.id, number: originalNumber, version: changed.version },
      movedFiles: Number(files.n),
      applied: [created, changed] as const,
    };
  });
  ctx.live.publish({ kind: 'ticket.created', ticketId: done.ticket.id, version: done.ticket.version, by: actor.id });
  publishTicketChange(ctx, done.original.id, done.applied[1], actor.id);
  return { ticket: done.ticket, original: done.original, movedFiles: done.movedFiles };
}
