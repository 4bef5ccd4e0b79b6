import { sql } from 'kysely';
import type { DomainContext } from '../context.js';
import { type SnippetPart, snippetParts } from './snippet-parts.js';
import type { SearchTerm } from './ticket-search.js';

/**
 * What a search found in each of a page's tickets, as a snippet (snippet-parts.ts): the newest message or note
 * the text index matches (the same expressions as ticket-search.ts, so the same messages), else the description
 * when a searched word is in it. A match only in the subject, the client, an order ID or a custom field has no
 * snippet: the list already shows those. Two queries for the page (at most one page of tickets), not per ticket.
 */
export async function searchSnippets(ctx: DomainContext, terms: SearchTerm[], ticketIds: number[]): Promise<Map<number, SnippetPart[]>> {
  if (terms.length === 0 || ticketIds.length === 0) return new Map();
  const ids = sql.join(ticketIds.map((id) => sql`${id}`));
  const matches = ctx.storage.search.commentMatches(terms);
  const [comments, descriptions] = await Promise.all([
    sql<{ post_id: number; content: string }>`select post_id, content from (
        select c.post_id, c.content, row_number() over (partition by c.post_id order by c.id desc) as newest
        from comments c where c.post_id in (${ids}) and ${matches}) as found
      where newest = 1`.execute(ctx.db),
    ctx.db.selectFrom('posts').select(['id', 'content']).where('id', 'in', ticketIds).execute(),
  ]);
  const snippets = new Map<number, SnippetPart[]>();
  for (const row of comments.rows) {
    // The index stems words the snippet cannot find in the text: the message's start then, unmarked.
    const parts = snippetParts(row.content, terms) ?? startOf(row.content);
    if (parts) snippets.set(Number(row.post_id), parts);
  }
  for (const row of descriptions) {
    if (snippets.has(row.id)) continue;
    const parts = snippetParts(row.content, terms);
    if (parts) snippets.set(row.id, parts);
  }
  return snippets;
}

function startOf(text: string): SnippetPart[] | null {
  const flat = text.replace(/\s+/gu, ' ').trim();
  if (!flat) return null;
  return flat.length > 200 ? [{ text: `${flat.slice(0, 200)}…`, match: false }] : [{ text: flat, match: false }];
}
