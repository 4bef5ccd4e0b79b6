import type { MessageKey } from '../../../../common/i18n/message-keys.js';
import type { Translator } from '../../../../common/i18n/translator.js';

// The pages a fresh install seeds (migration 002), by slug, with the English titles they were seeded with.
const SEEDED: Record<string, { title: string; key: MessageKey }> = {
  // i18n-exempt: the title migration 002 stored, compared with the page's, never shown
  tickets: { title: 'My tickets', key: 'site.layout.myTickets' },
  // i18n-exempt: the title migration 002 stored, compared with the page's, never shown
  'tickets/new': { title: 'New ticket', key: 'site.layout.newTicket' },
};

/**
 * A page's title as the reader reads it: a seeded page that keeps its seeded title in the reader's language (the
 * same words as the navigation's links to it), any other title as the owner wrote it.
 */
export function pageTitle(t: Translator, page: { slug: string; title: string }): string {
  const seeded = SEEDED[page.slug];
  return seeded && seeded.title === page.title ? t.t(seeded.key) : page.title;
}
