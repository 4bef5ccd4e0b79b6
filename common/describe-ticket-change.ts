/** A ticket's change as the API presents it (the thread's events and a 409's `changes`). */
export interface TicketChangeWords {
  kind: string;
  field: string | null;
  from: string | null;
  to: string | null;
  automatic: boolean;
  by: { name: string } | null;
}

/**
 * "Alex replied", "Alex set the status to Closed" — one change in plain words, the one wording of the server's
 * 409 detail and the admin app's activity log and conflict notice. `midSentence` lowercases the words that stand
 * in for a missing name ("someone", "the status"), never a name.
 */
export function describeTicketChange(change: TicketChangeWords, midSentence = false): string {
  const cased = (words: string) => (midSentence ? words : words.charAt(0).toUpperCase() + words.slice(1));
  const who = change.by?.name || cased(change.kind === 'reply' ? 'the automatic responder' : 'someone');
  if (change.kind === 'reply') return `${who} replied`;
  if (change.kind === 'note') return `${who} added an internal note`;
  if (change.kind === 'rating') return `${who} answered “${change.to === 'yes' ? 'Yes, solved' : 'No, not yet'}”`;
  if (change.field === 'tag') return change.to === null ? `${who} removed the tag ${change.from}` : `${who} added the tag ${change.to}`;
  const to = change.to ?? 'none';
  if (change.automatic) return `${cased('the status')} moved to ${to}`;
  return `${who} set the ${change.field} to ${to}`;
}
