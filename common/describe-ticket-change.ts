import englishProblems from './i18n/locales/en/problems.json' with { type: 'json' };
import englishTerms from './i18n/locales/en/terms.json' with { type: 'json' };
import type { MessageKey } from './i18n/message-keys.js';
import { recordedTermLabel } from './i18n/term-label.js';
import type { MessageValues } from './i18n/translator.js';
import { createTranslator } from './i18n/translator.js';

/** A ticket's change as the API presents it (the thread's events and a 409's `changes`). */
export interface TicketChangeWords {
  kind: string;
  field: string | null;
  from: string | null;
  to: string | null;
  automatic: boolean;
  by: { name: string } | null;
}

/** What the words are made with: the reader's translator (the server's or the admin app's). */
export interface ChangeWordsTranslator {
  t(key: MessageKey, values?: MessageValues): string;
}

let englishWords: ChangeWordsTranslator | undefined;

/** English from the problems and terms catalogues: the words of whoever passes no translator. */
function english(): ChangeWordsTranslator {
  if (!englishWords) {
    const catalogue = { ...englishProblems, ...englishTerms };
    englishWords = createTranslator('en', catalogue, catalogue);
  }
  return englishWords;
}

// The fields whose values are statuses, reasons and urgencies: a seeded one is named in the reader's language.
const TERM_TAXONOMIES: Record<string, string> = { status: 'ticket_status', reason: 'ticket_reason', urgency: 'ticket_urgency' };

/**
 * "Alex replied", "Alex set the status to Closed" — one change in plain words, the one wording of the server's
 * 409 detail and the admin app's activity log and conflict notice. `midSentence` lowercases the words that stand
 * in for a missing name ("someone", "the status"), never a name. A seeded status, reason or urgency is named in
 * `t`'s language ("auf Geschlossen"); one the owner named is named as written.
 */
export function describeTicketChange(change: TicketChangeWords, midSentence = false, t: ChangeWordsTranslator = english()): string {
  const start = midSentence ? 'no' : 'yes';
  const who = change.by?.name || t.t(change.kind === 'reply' ? 'problems.change.responder' : 'problems.change.someone', { start });
  if (change.kind === 'reply') return t.t('problems.change.reply', { who });
  if (change.kind === 'note') return t.t('problems.change.note', { who });
  if (change.kind === 'sla')
    return t.t(change.to === 'warning' ? 'problems.change.sla_warning' : 'problems.change.sla_breached', {
      start,
      metric: change.field ?? '',
    });
  if (change.kind === 'rating') return t.t('problems.change.rating', { who, answer: change.to === 'yes' ? 'yes' : 'no' });
  if (change.field === 'tag')
    return change.to === null
      ? t.t('problems.change.tag_removed', { who, tag: change.from ?? '' })
      : t.t('problems.change.tag_added', { who, tag: change.to });
  const taxonomy = TERM_TAXONOMIES[change.field ?? ''];
  const to = change.to === null ? t.t('problems.change.none') : taxonomy ? recordedTermLabel(t, taxonomy, change.to) : change.to;
  if (change.automatic) return t.t('problems.change.status_moved', { start, to });
  return t.t('problems.change.field', { who, field: change.field ?? '', to });
}
