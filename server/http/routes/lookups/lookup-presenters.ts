import type { TermRow } from '../../../db/tables.js';
import type { Post } from '../../../domain/content/post-types.js';

// Whitelists of what the lookups send: an option is its id, name and slug, nothing more.

export function presentProductOption(post: Post) {
  return { id: post.id, name: post.title, slug: post.slug };
}

export function presentTermOption(term: TermRow) {
  // A status's client label goes to its editors only (the public lists are reasons and urgencies).
  return { id: term.id, name: term.name, slug: term.slug, ...(term.taxonomy === 'ticket_status' && { client_label: term.client_label }) };
}
