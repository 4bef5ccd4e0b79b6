import { termLabel } from '../../../common/i18n/term-label.js';
import type { Translator } from '../../../common/i18n/translator.js';

/** The ticket fields whose values are terms, by the taxonomy their names are translated under. */
const TAXONOMIES = { status: 'ticket_status', reason: 'ticket_reason', urgency: 'ticket_urgency' } as const;

/**
 * A status's, reason's or urgency's name as `tr`'s reader reads it: one still named as the install seeded it in
 * their language ("Offen"), one the owner named or renamed as written. What the API stores and takes is the slug
 * and the stored name; this is only for showing (the terms editor edits the stored name).
 */
export function termName(tr: Translator, field: keyof typeof TAXONOMIES, term: { slug: string; name: string }): string {
  return termLabel(tr, TAXONOMIES[field], term.slug, term.name);
}
