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

/**
 * A term's name as `t`'s reader reads it: a seeded name in their language, anything else as the owner wrote it.
 * `taxonomy` is `ticket_status`, `ticket_reason`, `ticket_urgency`, or `client_label` for a status's words for
 * the client.
 */
export function termLabel(t: Translator, taxonomy: string, slug: string, name: string): string {
  if (SEEDED[taxonomy]?.[slug] !== name) return name;
  return t.t(`terms.${taxonomy}.${slug}` as MessageKey);
}
