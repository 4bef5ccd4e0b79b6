import type { Kysely } from 'kysely';
import { message } from '../../../common/i18n/translator.js';
import type { Database } from '../../db/tables.js';
import { AppError, invalidField } from '../../errors.js';
import type { Actor } from '../context.js';

/** A saved reply as the API shows it: shared (no owner) or one agent's own. */
export interface SavedReply {
  id: number;
  title: string;
  /** Markdown with ##placeholders##, as typed. */
  text: string;
  isShared: boolean;
  owner: { id: number; name: string } | null;
  /** Whether the caller may change or delete it: their own, or a shared one when they are an admin. */
  isEditable: boolean;
  created: string;
  modified: string;
}

type Row = Pick<Database['saved_replies'], 'owner_id' | 'title' | 'body' | 'created_at' | 'updated_at'> & {
  id: number;
  owner_name: string | null;
};

/** The rows a caller sees: the shared ones and their own. Another agent's personal reply does not exist for them. */
export function visibleSavedReplies(db: Kysely<Database>, actor: Actor) {
  return db
    .selectFrom('saved_replies as r')
    .leftJoin('users as u', 'u.id', 'r.owner_id')
    .select(['r.id', 'r.owner_id', 'r.title', 'r.body', 'r.created_at', 'r.updated_at', 'u.name as owner_name'])
    .where((eb) => eb.or([eb('r.owner_id', 'is', null), eb('r.owner_id', '=', actor.id)]));
}

/** One saved reply the caller may see, or the 404 of a missing one (never "it exists but is not yours"). */
export async function findVisibleSavedReply(db: Kysely<Database>, actor: Actor, id: number): Promise<SavedReply> {
  const row = await visibleSavedReplies(db, actor).where('r.id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', message('problems.saved_reply.not_found', { id: String(id) }));
  return toSavedReply(row, actor);
}

/** Refuses a change the caller may not make: a shared reply is changed by admins only. */
export function assertMayEdit(reply: SavedReply): void {
  if (!reply.isEditable) throw new AppError('FORBIDDEN', message('problems.saved_reply.shared_admins'));
}

/** Refuses making a reply shared (or a shared one personal) unless the caller is an admin. */
export function assertMayShare(actor: Actor): void {
  if (actor.role !== 'admin') throw invalidField('shared', message('problems.saved_reply.share_admins'));
}

export function toSavedReply(row: Row, actor: Actor): SavedReply {
  const isShared = row.owner_id === null;
  return {
    id: row.id,
    title: row.title,
    text: row.body,
    isShared,
    owner: row.owner_id === null ? null : { id: row.owner_id, name: row.owner_name ?? '' },
    isEditable: isShared ? actor.role === 'admin' : row.owner_id === actor.id,
    created: row.created_at,
    modified: row.updated_at,
  };
}
