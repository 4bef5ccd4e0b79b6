import { sql } from 'kysely';
import { SAVED_REPLY_SEARCH_MAX } from '../../../common/limits.js';
import type { Actor, DomainContext } from '../context.js';
import { type SavedReply, toSavedReply, visibleSavedReplies } from './saved-reply.js';

/**
 * The saved replies a staff member can use (shared ones and their own), by title. With `search`, those whose
 * title or text contains every word of it, case-insensitively, at most SAVED_REPLY_SEARCH_MAX; a team keeps
 * tens or hundreds of these, so a scan is fine and the same query runs on both databases.
 */
export async function listSavedReplies(ctx: DomainContext, actor: Actor, search = ''): Promise<SavedReply[]> {
  let query = visibleSavedReplies(ctx.db, actor);
  const words = search.toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8);
  for (const word of words) {
    // LIKE's own wildcards in what was typed are matched literally.
    const pattern = `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    // SQLite has no default LIKE escape character; PostgreSQL's is the backslash: name it for both.
    query = query.where(sql<boolean>`(lower(r.title) like ${pattern} escape '\\' or lower(r.body) like ${pattern} escape '\\')`);
  }
  if (words.length) query = query.limit(SAVED_REPLY_SEARCH_MAX);
  const rows = await query.orderBy('r.title').orderBy('r.id').execute();
  return rows.map((row) => toSavedReply(row, actor));
}
