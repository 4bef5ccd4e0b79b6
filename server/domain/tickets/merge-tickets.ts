import type { Kysely } from 'kysely';
import { message } from '../../../common/i18n/translator.js';
import { MERGE_TICKETS_MAX } from '../../../common/limits.js';
import type { Database } from '../../db/tables.js';
import { AppError, invalidField } from '../../errors.js';
import { hiddenTicket, mayChangeTicket } from '../../policies/ticket-policy.js';
import { getCoreSettings } from '../../settings/core-settings.js';
import type { Actor, DomainContext } from '../context.js';
import { slaInForce } from '../sla/sla-policies-exist.js';
import { type AppliedChanges, changeTicket, publishTicketChange } from './change-ticket.js';
import { joinParticipants } from './join-participants.js';
import { keepWhoSpokeLast } from './keep-who-spoke-last.js';

/** The status a merged ticket is left in: its work goes on in the ticket it was merged into. */
export const MERGED_STATUS_SLUG = 'closed';

export interface MergeInput {
  /** The ticket that stays and receives every message, note and file. */
  targetId: number;
  /** The tickets merged into it: each is closed and points to the target. */
  sourceIds: number[];
  /** Needed when a source belongs to another client than the target: the agent was asked and agreed. */
  confirmDifferentClients?: boolean;
}

export interface MergeOutcome {
  target: { id: number; number: number; version: number };
  merged: Array<{ id: number; number: number; version: number }>;
  /** Messages (the descriptions and the comments, notes included) and files that moved into the target. */
  movedMessages: number;
  movedFiles: number;
}

type TicketRow = { id: number; number: number | null; author_id: number | null; merged_into_id: number | null };

/**
 * Merges tickets into one, all or nothing, in one transaction: each source's description becomes a message of the
 * target with its author and time, its comments and notes move with their files (keeping author and time, so the
 * thread reads in time order), its tags and people join the target's (`joinParticipants`); the source is closed, points to the target
 * (`merged_into_id`) and keeps none of its messages. Both sides get a `link` activity entry; each source's webhook
 * `ticket.updated` and, after the commit, live events follow `changeTicket`. Search follows the rows themselves: a
 * moved comment is found under its new ticket (the text indexes key on the comment). Refused, naming the field:
 * the target among the sources, a merged ticket on either side, a ticket that does not exist, more than
 * MERGE_TICKETS_MAX sources, and sources of another client without `confirmDifferentClients` (409 CONFLICT).
 * A merged ticket does not count as resolved in the reports: its work is the target's (see dropResolution).
 */
export async function mergeTickets(ctx: DomainContext, input: MergeInput, actor: Actor | null): Promise<MergeOutcome> {
  if (!mayChangeTicket(actor)) throw new AppError('FORBIDDEN', message('problems.tickets.staff_change'));
  const sources = [...new Set(input.sourceIds)];
  if (sources.length === 0) throw invalidField('source_ids', message('problems.merge.no_sources'));
  if (sources.length > MERGE_TICKETS_MAX) throw invalidField('source_ids', message('problems.merge.too_many', { max: MERGE_TICKETS_MAX }));
  const [settings, withSla] = await Promise.all([getCoreSettings(ctx), slaInForce(ctx.db)]);
  const at = ctx.now();

  const done = await ctx.db.transaction().execute(async (trx) => {
    // Locked (PostgreSQL; SQLite has one writer): two merges of the same tickets at once, one each way, would
    // otherwise both pass the checks below and leave each merged into the other. In id order, so they queue.
    const rows = await ctx.storage.locks
      .forUpdate(
        trx
          .selectFrom('posts')
          .select(['id', 'number', 'author_id', 'merged_into_id'])
          .where('type', '=', 'ticket')
          .where('id', 'in', [input.targetId, ...sources])
          .orderBy('id'),
      )
      .execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    const target = byId.get(input.targetId);
    if (!target) throw hiddenTicket();
    if (sources.includes(target.id))
      throw invalidField('source_ids', message('problems.merge.into_itself', { number: target.number ?? target.id }));
    const missing = sources.filter((id) => !byId.has(id));
    if (missing.length > 0) throw invalidField('source_ids', message('problems.merge.missing', { ids: missing.join(', ') }));
    if (target.merged_into_id !== null) throw invalidField('id', await alreadyMerged(trx, target));
    for (const id of sources) {
      const source = byId.get(id) as TicketRow;
      if (source.merged_into_id !== null) throw invalidField('source_ids', await alreadyMerged(trx, source));
    }
    if (!input.confirmDifferentClients && sources.some((id) => byId.get(id)?.author_id !== target.author_id))
      throw new AppError('CONFLICT', message('problems.merge.different_clients'), [
        { field: 'confirm_different_clients', pointer: '#/confirm_different_clients', detail: message('problems.merge.different_clients') },
      ]);

    let movedMessages = 0;
    let movedFiles = 0;
    const merged: Array<{ id: number; number: number; applied: AppliedChanges }> = [];
    const targetNumber = `#${target.number ?? target.id}`;
    for (const id of sources) {
      const source = byId.get(id) as TicketRow;
      const moved = await moveThread(trx, source.id, target.id);
      await joinParticipants(trx, source, target, at.toISOString());
      movedMessages += moved.messages;
      movedFiles += moved.files;
      const tags = await trx
        .selectFrom('ticket_tags as tt')
        .innerJoin('terms as t', 't.id', 'tt.term_id')
        .select('t.name')
        .where('tt.ticket_id', '=', source.id)
        .execute();
      await trx
        .updateTable('posts')
        .set({ merged_into_id: target.id, content: '', client_spoke_last: 0 })
        .where('id', '=', source.id)
        .execute();
      // Closed by the merge, with its "merged into" entry under the same version; the webhook's ticket.updated
      // carries the status change, as any other close.
      const applied = await changeTicket(
        trx,
        source.id,
        { status: MERGED_STATUS_SLUG },
        {
          actorId: actor.id,
          settings,
          alongWith: [{ kind: 'link', field: 'merged_into', newValue: targetNumber }],
          at,
          slaInForce: withSla,
        },
      );
      await dropResolution(trx, source.id);
      merged.push({ id: source.id, number: source.number ?? source.id, applied });
      const sourceNumber = `#${source.number ?? source.id}`;
      const tagNames = tags.map((t) => t.name);
      // The target's entry names each source; its tags join in the same version.
      const targetApplied = await changeTicket(trx, target.id, tagNames.length > 0 ? { addTags: tagNames } : {}, {
        actorId: actor.id,
        settings,
        alongWith: [{ kind: 'link', field: 'merged_from', newValue: sourceNumber }],
        at,
        slaInForce: withSla,
      });
      merged.push({ id: target.id, number: target.number ?? target.id, applied: targetApplied });
    }
    await keepWhoSpokeLast(trx, target.id);
    return { merged, movedMessages, movedFiles };
  });

  // Committed: one live event per version written, so open screens of either side reload.
  for (const { id, applied } of done.merged) {
    publishTicketChange(ctx, id, applied, actor.id);
  }
  const last = new Map<number, { id: number; number: number; version: number }>();
  for (const { id, number, applied } of done.merged) last.set(id, { id, number, version: applied.version });
  const target = last.get(input.targetId) as { id: number; number: number; version: number };
  return {
    target,
    merged: sources.map((id) => last.get(id) as { id: number; number: number; version: number }),
    movedMessages: done.movedMessages,
    movedFiles: done.movedFiles,
  };
}

/** The problem for a ticket merged before: it names the ticket it went into, where the work is now. */
async function alreadyMerged(trx: Kysely<Database>, ticket: TicketRow) {
  const into = await trx
    .selectFrom('posts')
    .select(['id', 'number'])
    .where('id', '=', ticket.merged_into_id as number)
    .executeTakeFirst();
  return message('problems.merge.already_merged', { number: ticket.number ?? ticket.id, into: into?.number ?? into?.id ?? '?' });
}

/**
 * Moves one ticket's description (as a message with its author and time), comments, notes and files into
 * another. Statements per ticket, not per message: 100 messages are three updates and one insert.
 */
async function moveThread(trx: Kysely<Database>, fromId: number, toId: number): Promise<{ messages: number; files: number }> {
  const files = await trx
    .selectFrom('attachments')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('ticket_id', '=', fromId)
    .executeTakeFirstOrThrow();
  const from = await trx
    .selectFrom('posts as p')
    .leftJoin('users as u', 'u.id', 'p.author_id')
    .select(['p.content', 'p.created_at', 'p.author_id', 'u.role'])
    .where('p.id', '=', fromId)
    .executeTakeFirstOrThrow();
  // A ticket made by a split has no description of its own (its messages are comments): nothing to move then.
  const descriptionFiles = await trx
    .selectFrom('attachments')
    .select('id')
    .where('ticket_id', '=', fromId)
    .where('comment_id', 'is', null)
    .execute();
  const hasDescription = from.content !== '' || descriptionFiles.length > 0;
  if (hasDescription) {
    const description = await trx
      .insertInto('comments')
      .values({
        post_id: toId,
        author_id: from.author_id,
        // The description is the client's words; one filed by staff for nobody in particular reads as theirs.
        author_role: from.role === 'agent' || from.role === 'admin' ? 'agent' : 'client',
        content: from.content,
        created_at: from.created_at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.insertInto('comment_meta').values({ comment_id: description.id, meta_key: 'is_internal', meta_value: '0' }).execute();
    // The description's files become that message's.
    await trx
      .updateTable('attachments')
      .set({ ticket_id: toId, comment_id: description.id })
      .where('ticket_id', '=', fromId)
      .where('comment_id', 'is', null)
      .execute();
  }
  await trx.updateTable('attachments').set({ ticket_id: toId }).where('ticket_id', '=', fromId).execute();
  const comments = await trx.updateTable('comments').set({ post_id: toId }).where('post_id', '=', fromId).executeTakeFirst();
  // The record of each mail imported as a comment follows it, so the failed-mail list links the right ticket.
  await trx
    .updateTable('inbound_mails')
    .set({ ticket_id: toId })
    .where('ticket_id', '=', fromId)
    .where('comment_id', 'is not', null)
    .execute();
  return { messages: (hasDescription ? 1 : 0) + Number(comments.numUpdatedRows), files: Number(files.n) };
}

/**
 * The reports' rule for a merged ticket: it counts as filed (a request came in) but never as resolved, so a
 * merge of two requests resolved together counts one resolution, the target's. Its stay in Closed is kept: the
 * backlog no longer counts it from the merge on.
 */
async function dropResolution(trx: Kysely<Database>, ticketId: number): Promise<void> {
  await trx
    .updateTable('ticket_report_facts')
    .set({ resolved_at: null, resolution_s: null, resolution_bs: null, client_wait_s: null, client_wait_bs: null })
    .where('ticket_id', '=', ticketId)
    .execute();
}
