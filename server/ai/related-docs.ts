import { getPosts } from '../domain/content/post.js';
import type { Post } from '../domain/content/post-types.js';
import type { DomainContext } from '../domain/context.js';

// Words that say nothing about the topic; searching for them only adds noise.
const STOP_WORDS = new Set(
  (
    'about after again also been before being between both cannot could ' +
    'does doing done each from have having here into just like more most ' +
    'much never only other over same should some such than that their them ' +
    'then there these they this those through under until very were what ' +
    'when where which while will with would your yours hello thanks thank ' +
    'please help need issue problem'
  ).split(' '),
);

/**
 * Up to `limit` published docs most relevant to a ticket's text. The full-text search requires every
 * word, which a ticket's whole description rarely satisfies, so the subject is tried whole and then
 * each telling word on its own; a doc scores by the rank it reaches in each search.
 */
export async function findRelatedDocs(ctx: DomainContext, subject: string, description: string, limit = 3): Promise<Post[]> {
  const scores = new Map<number, { doc: Post; score: number }>();
  const add = (docs: Post[], weight: number) => {
    docs.forEach((doc, rank) => {
      const entry = scores.get(doc.id) ?? { doc, score: 0 };
      entry.score += weight / (rank + 1);
      scores.set(doc.id, entry);
    });
  };
  const search = (text: string) => getPosts(ctx, { type: 'doc', status: 'publish', search: text, limit: 5 });

  if (subject.trim()) add(await search(subject), 3);
  const words = [...new Set(`${subject} ${description}`.toLowerCase().match(/[\p{L}\p{N}]{4,}/gu) ?? [])]
    .filter((w) => !STOP_WORDS.has(w))
    .slice(0, 10);
  for (const word of words) add(await search(word), 1);

  return [...scores.values()]
    .sort((a, b) => b.score - a.score || a.doc.id - b.doc.id)
    .slice(0, limit)
    .map((entry) => entry.doc);
}

/** The public address of a doc on the help site. */
export function docUrl(homeUrl: string, slug: string): string {
  return `${homeUrl}/docs/${encodeURIComponent(slug)}/`;
}
