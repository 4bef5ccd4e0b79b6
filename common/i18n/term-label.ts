import type { MessageKey } from './message-keys.js';
import type { Translator } from './translator.js';

// The statuses, reasons and urgencies a fresh install seeds (migrations 001 and 012), by slug, with the English
// names they were seeded with. While a term keeps its seeded name, each reader sees it in their own language; once
// the owner renames it ("Waiting" → "On hold"), their words are shown as written, to everyone.
const SEEDED: Record<string, Record<string, string>> = {
  ticket_status: { open: 'Open', waiting: 'Waiting', 'in-progress': 'In Progress', resolved: 'Resolved', closed: 'Closed' },
  ticket_reason: { question: 'Question', problem: 'Problem', billing: 'Billing', 'feature-request': 'Feature request' },
  ticket_urgency: { low: 'Low', normal: 'Normal', high: 'High', urgent: 'Urgent' },
  client_label: {
    open: 'Received',
    waiting: 'Awaiting our reply',
    'in-progress': 'We are working on it',
    resolved: 'Solved',
    closed: 'Closed',
  },
};

/** Whether a term still has the name the install seeded it with, and so is read in each reader's language. */
export function isSeededName(taxonomy: string, slug: string, name: string): boolean {
  return SEEDED[taxonomy]?.[slug] === name;
}

/** What the labels are made with: any translator (the server's, the admin app's, a mail's recipient's). */
type TermTranslator = Pick<Translator, 't'>;

/**
 * A term's name as `t`'s reader reads it: a seeded name in their language, anything else as the owner wrote it.
 * `taxonomy` is `ticket_status`, `ticket_reason`, `ticket_urgency`, or `client_label` for a status's words for
 * the client.
 */
export function termLabel(t: TermTranslator, taxonomy: string, slug: string, name: string): string {
  if (!isSeededName(taxonomy, slug, name)) return name;
  return t.t(`terms.${taxonomy}.${slug}` as MessageKey);
}

/**
 * A term's name recorded without its slug (the activity log keeps the name a status had when it was set): a name
 * the install seeded for `taxonomy` in the reader's language, anything else as recorded. A term renamed since is
 * still read in the reader's language where the log recorded its seeded name.
 */
export function recordedTermLabel(t: TermTranslator, taxonomy: string, name: string): string {
  const seeded = SEEDED[taxonomy];
  const slug = seeded && Object.keys(seeded).find((key) => seeded[key] === name);
  return slug === undefined ? name : t.t(`terms.${taxonomy}.${slug}` as MessageKey);
}
