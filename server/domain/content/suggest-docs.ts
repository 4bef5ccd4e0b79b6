import { sql } from 'kysely';
import type { PostRow } from '../../db/tables.js';
import { getSiteOptions } from '../../settings/site-options.js';
import type { DomainContext } from '../context.js';
import { POST_COLUMNS, toPost } from './post.js';
import type { Post } from './post-types.js';
import { suggestWords } from './suggest-words.js';

export interface DocSuggestions {
  docs: Post[];
  /** The words the docs were found by (for the snippets). */
  words: string[];
  /** The visitor's language as asked (`de`), else the site's: what an answer to them is written in. */
  language: string;
}

/** A BCP 47 tag's primary subtag (`de-AT` → `de`), or null for one that is none. */
export function primaryLanguage(tag: string | undefined | null): string | null {
  const primary = (tag ?? '').trim().split(/[-_]/)[0]?.toLowerCase() ?? '';
  return /^[a-z]{2,3}$/.test(primary) ? primary : null;
}

/**
 * Up to `limit` published docs for a visitor's text (the widget's suggestions while typing): docs holding any of
 * its telling words, best match first, those in the visitor's language (`lang`) before those in the site's; a
 * doc in neither is never suggested. A doc without a language is in the site's. The docs pass through
 * `helpdesk_get_posts`, as every list of posts does.
 */
export async function suggestDocs(ctx: DomainContext, query: { q: string; lang?: string; limit: number }): Promise<DocSuggestions> {
  const found = suggestWords(query.q);
  const words = found.prefix ? [...found.words, found.prefix] : found.words;
  const site = primaryLanguage((await getSiteOptions(ctx.db)).site_language) ?? 'en';
  const preferred = primaryLanguage(query.lang) ?? site;
  if (!words.length) return { docs: [], words, language: preferred };
  const language = sql<string>`coalesce(posts.language, ${site})`;
  // Ids first: the sort then carries an id per match rather than every matching doc's whole content (a common
  // word matches thousands; 16 ms against 6 ms at 10,000 docs on SQLite), and only the chosen few are read.
  const base = ctx.db
    .selectFrom('posts')
    .select('posts.id')
    .where('posts.type', '=', 'doc')
    .where('posts.status', '=', 'publish')
    .where(language, 'in', [preferred, site])
    .orderBy(sql`case when ${language} = ${preferred} then 0 else 1 end`);
  const rank = async (every: boolean) =>
    (
      await ctx.storage.search
        .docsSuggesting(base, { ...found, every })
        .orderBy('posts.id')
        .limit(query.limit)
        .execute()
    ).map((row) => row.id);
  // Docs holding every word first, then any: the first search ranks only the docs holding them all (a few hundred
  // at most where any word alone is in thousands: 2-4 times less work), and is often enough on its own.
  const every = words.length > 1 ? await rank(true) : [];
  const ids = every.length < query.limit ? [...new Set([...every, ...(await rank(false))])].slice(0, query.limit) : every;
  const rows = ids.length
    ? ((await ctx.db.selectFrom('posts').select(POST_COLUMNS).where('posts.id', 'in', ids).execute()) as PostRow[])
    : [];
  rows.sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id));
  const docs = await ctx.hooks.applyFilters('helpdesk_get_posts', rows.map(toPost), {
    type: 'doc',
    status: 'publish',
    search: query.q,
    limit: query.limit,
  });
  return { docs, words, language: preferred };
}
