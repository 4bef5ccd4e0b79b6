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
  by: { id?: number; name: string } | null;
  /** `participant`: the account added or taken off; absent or null for the other kinds and for older entries. */
  person_id?: number | null;
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
  if (change.kind === 'rule') return t.t('problems.change.rule', { start, rule: change.to ?? '' });
  if (change.kind === 'link') {
    // `to` is the other ticket's number as people read it (`#12`).
    const to = change.to ?? '';
    if (change.field === 'merged_into') return t.t('problems.change.merged_into', { who, to });
    if (change.field === 'merged_from') return t.t('problems.change.merged_from', { who, to });
    if (change.field === 'split_into') return t.t('problems.change.split_into', { who, to });
    return t.t('problems.change.split_from', { who, to });
  }
  if (change.kind === 'participant') {
    // `to` is the person added, `from` the person taken off, by name; a follower's own choice reads as theirs.
    const name = change.to ?? change.from ?? '';
    const added = change.to !== null;
    if (change.field === 'cc') {
      if (added && change.automatic) return t.t('problems.change.cc_from_mail', { name });
      return t.t(added ? 'problems.change.cc_added' : 'problems.change.cc_removed', { who, name });
    }
    if (ownChoice(change, name)) return t.t(added ? 'problems.change.followed' : 'problems.change.unfollowed', { who });
    return t.t(added ? 'problems.change.follower_added' : 'problems.change.follower_removed', { who, name });
  }
  if (change.kind === 'rating') return t.t('problems.change.rating', { who, answer: change.to === 'yes' ? 'yes' : 'no' });
  if (change.field === 'tag')
    return change.to === null
      ? t.t('problems.change.tag_removed', { who, tag: change.from ?? '' })
      : t.t('problems.change.tag_added', { who, tag: change.to });
  const taxonomy = TERM_TAXONOMIES[change.field ?? ''];
  const to = change.to === null ? t.t('problems.change.none') : taxonomy ? recordedTermLabel(t, taxonomy, change.to) : change.to;
  // The helpdesk's own assignment is fair assignment's (server/domain/assignment/): said so, so no one looks for who did it.
  if (change.automatic && change.field === 'assignee') return t.t('problems.change.assigned_fairly', { to });
  if (change.automatic) return t.t('problems.change.status_moved', { start, to });
  return t.t('problems.change.field', { who, field: change.field ?? '', to });
}

/**
 * A follower entry made by the person it is about ("Alex followed the ticket"), told by the accounts: two people may
 * share a name. An entry recorded before the account was kept (no `person_id`) falls back to comparing the names, the
 * only thing it has; two namesakes there still read as one person's own choice.
 */
function ownChoice(change: TicketChangeWords, name: string): boolean {
  const personId = change.person_id ?? null;
  const actorId = change.by?.id ?? null;
  if (personId !== null && actorId !== null) return personId === actorId;
  return Boolean(change.by?.name) && change.by?.name === name;
}
