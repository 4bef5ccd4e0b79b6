import { SUGGEST_CANDIDATES, type SuggestStage } from '../../db/search-terms.js';
import { getSiteOptions } from '../../settings/site-options.js';
import type { DomainContext } from '../context.js';
import { toPost } from './post.js';
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
  // The visitor's language first, then the site's. In each, docs holding every word first, then those holding any in
  // their title, then any anywhere, each search only when the ones before found too few (the store runs them so).
  // The first two rank few docs (those holding all the words; a word's docs by their titles' index: a few hundred
  // where the word alone is in thousands) and nearly always fill the list; the last ranks at most SUGGEST_CANDIDATES
  // of its matches (p95 at 10,000 docs: BENCHMARKS.md, "Docs suggestions").
  const stages = (preferred === site ? [site] : [preferred, site]).flatMap((language): SuggestStage[] => [
    ...(words.length > 1 ? [{ language, every: true }] : []),
    { language, inTitle: true },
    { language, candidates: SUGGEST_CANDIDATES },
  ]);
  const rows = await ctx.storage.search.docsSuggested(ctx.db, found, stages, { site, limit: query.limit });
  const docs = await ctx.hooks.applyFilters('helpdesk_get_posts', rows.map(toPost), {
    type: 'doc',
    status: 'publish',
    search: query.q,
    limit: query.limit,
  });
  return { docs, words, language: preferred };
}
