import { type Kysely, sql } from 'kysely';
import { describeTicketChange } from '../../../common/describe-ticket-change.js';
import { message, type Translator } from '../../../common/i18n/translator.js';
import type { Database, TicketEventsTable } from '../../db/tables.js';
import { AppError } from '../../errors.js';
import { english } from '../../i18n/translators.js';
import { now } from '../context.js';

/** One change to record: a reply or note (with its comment), or a field going from one value to another. */
export interface TicketChange {
  kind: TicketEventsTable['kind'];
  field?: NonNullable<TicketEventsTable['field']>;
  /** As people read it: a status's name, an agent's name; null for none. */
  oldValue?: string | null;
  newValue?: string | null;
  commentId?: number;
  /** Made by the helpdesk itself (a status moved by a reply), not chosen by the actor. */
  automatic?: boolean;
  /** Made by this rule's firing (server/domain/rules/): time rules count "since the last change" without it. */
  ruleId?: number;
  /** `participant`: the account added or taken off (the words name them by `oldValue`/`newValue`). */
  personId?: number;
}

/** A recorded change, as the thread and the API show it. */
export interface TicketEvent {
  version: number;
  kind: TicketEventsTable['kind'];
  field: TicketEventsTable['field'];
  oldValue: string | null;
  newValue: string | null;
  commentId: number | null;
  automatic: boolean;
  actor: { id: number; name: string } | null;
  /** `participant`: the account the entry is about; null otherwise and for entries recorded before it was kept. */
  personId: number | null;
  createdAt: string;
}

/**
 * The version(s) a writer saw: one (the body's `version`), or the versions an If-Match list names, any of
 * which will do; an empty list (only weak or foreign tags) matches no version.
 */
export type ExpectedVersion = number | readonly number[];

/**
 * Raises the ticket's version and records the changes under the new version, inside the caller's
 * transaction. With `expectedVersion` (the version the agent saw) the raise is conditional: when someone
 * changed the ticket since, nothing is written and the caller's transaction is rolled back by the
 * TICKET_CHANGED problem, which lists what changed. Without it, today's last-write-wins behaviour.
 */
export async function recordTicketChanges(
  trx: Kysely<Database>,
  ticketId: number,
  actorId: number | null,
  changes: TicketChange[],
  expectedVersion?: ExpectedVersion,
): Promise<number> {
  const versions = expectedVersion === undefined ? undefined : typeof expectedVersion === 'number' ? [expectedVersion] : expectedVersion;
  if (changes.length === 0) {
    // Nothing took effect (the same values again): the version stays, but a stale one is still refused.
    const current = await trx
      .selectFrom('posts')
      .select('version')
      .where('id', '=', ticketId)
      .where('type', '=', 'ticket')
      .executeTakeFirst();
    if (!current) throw new AppError('NOT_FOUND', message('problems.ticket.not_found'));
    if (versions !== undefined && !versions.includes(current.version)) throw await staleVersion(trx, ticketId, versions);
    return current.version;
  }
  let raise = trx
    .updateTable('posts')
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .where('id', '=', ticketId)
    .where('type', '=', 'ticket');
  // No version can match an empty list: the update is not tried, and staleVersion tells a missing ticket apart.
  if (versions !== undefined) raise = versions.length > 0 ? raise.where('version', 'in', versions) : raise.where(sql<boolean>`1 = 0`);
  const raised = await raise.returning('version').executeTakeFirst();
  if (!raised) {
    if (versions === undefined) throw new AppError('NOT_FOUND', message('problems.ticket.not_found'));
    throw await staleVersion(trx, ticketId, versions);
  }
  const createdAt = now();
  await trx
    .insertInto('ticket_events')
    .values(
      changes.map((change) => ({
        ticket_id: ticketId,
        version: raised.version,
        actor_id: actorId,
        kind: change.kind,
        field: change.field ?? null,
        old_value: change.oldValue ?? null,
        new_value: change.newValue ?? null,
        comment_id: change.commentId ?? null,
        automatic: change.automatic ? 1 : 0,
        created_at: createdAt,
        rule_id: change.ruleId ?? null,
        person_id: change.personId ?? null,
      })),
    )
    .execute();
  if (actorId !== null) await keepReadByActor(trx, ticketId, actorId, raised.version);
  return raised.version;
}

/**
 * One's own change is not news to oneself: an agent who had read the ticket up to the version before this
 * change has read it up to this one. An agent who had not (someone else changed it since, or they never
 * opened it) keeps the ticket unread, so a bulk change never hides a colleague's reply.
 */
async function keepReadByActor(trx: Kysely<Database>, ticketId: number, actorId: number, version: number): Promise<void> {
  await trx
    .updateTable('ticket_reads')
    .set({ version })
    .where('user_id', '=', actorId)
    .where('ticket_id', '=', ticketId)
    .where('version', '=', version - 1)
    .execute();
}

/** The ticket's changes after `afterVersion` (all of them by default), oldest first. */
export async function listTicketEvents(db: Kysely<Database>, ticketId: number, afterVersion = 0): Promise<TicketEvent[]> {
  const rows = await db
    .selectFrom('ticket_events as e')
    .leftJoin('users as u', 'u.id', 'e.actor_id')
    .select([
      'e.version',
      'e.kind',
      'e.field',
      'e.old_value',
      'e.new_value',
      'e.comment_id',
      'e.automatic',
      'e.actor_id',
      'e.person_id',
      'u.name',
    ])
    .select('e.created_at')
    .where('e.ticket_id', '=', ticketId)
    .where('e.version', '>', afterVersion)
    .orderBy('e.id')
    .execute();
  return rows.map((r) => ({
    version: r.version,
    kind: r.kind,
    field: r.field,
    oldValue: r.old_value,
    newValue: r.new_value,
    commentId: r.comment_id,
    automatic: Number(r.automatic) === 1,
    actor: r.actor_id === null ? null : { id: r.actor_id, name: r.name ?? '' },
    personId: r.person_id,
    createdAt: r.created_at,
  }));
}

/**
 * The 409 for a stale version: what changed since, in plain words and as data for the agent's screen. Of
 * several versions named, since the newest; when none was a version (a weak tag), nothing is listed.
 */
async function staleVersion(db: Kysely<Database>, ticketId: number, versions: readonly number[]): Promise<AppError> {
  const current = await db.selectFrom('posts').select('version').where('id', '=', ticketId).where('type', '=', 'ticket').executeTakeFirst();
  if (!current) return new AppError('NOT_FOUND', message('problems.ticket.not_found'));
  const events = versions.length > 0 ? await listTicketEvents(db, ticketId, Math.max(...versions)) : [];
  const detail = (t: Translator) =>
    t.t('problems.ticket.changed', { changes: describeEvents(events, t) || t.t('problems.ticket.changed_unknown') });
  return new AppError('TICKET_CHANGED', detail).withExtensions({
    current_version: current.version,
    changes: events.map(presentTicketEvent),
  });
}

/** "Alex replied, Alex set the status to Closed" — one sentence for a list of changes. */
export function describeEvents(events: TicketEvent[], t: Translator = english): string {
  return events.map((e) => describeTicketChange(presentTicketEvent(e), true, t)).join(t.t('problems.change.list_separator'));
}

/** The API's shape of an event (the thread, and the 409's `changes`). */
export function presentTicketEvent(e: TicketEvent) {
  return {
    version: e.version,
    kind: e.kind,
    field: e.field,
    from: e.oldValue,
    to: e.newValue,
    comment: e.commentId,
    automatic: e.automatic,
    by: e.actor,
    person_id: e.personId,
    created: e.createdAt,
  };
}
