import type { TermRow } from '../../../db/tables.js';
import type { Post } from '../../../domain/post.js';

// Whitelists of what the lookups send: an option is its id, name and slug, nothing more.

export function presentProductOption(post: Post) {
  return { id: post.id, name: post.title, slug: post.slug };
}

export function presentTermOption(term: TermRow) {
  return { id: term.id, name: term.name, slug: term.slug };
}
