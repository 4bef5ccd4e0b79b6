// The ##placeholders## of saved replies: one list for the server that fills them and the admin app's help.

import { visitorTextInMarkdown } from './visitor-text.js';

/** Each placeholder a saved reply may contain, with what it becomes, in the words the editor's help shows. */
export const REPLY_PLACEHOLDERS = [
  { name: 'client_name', meaning: "the client's name" },
  { name: 'client_email', meaning: "the client's email address" },
  { name: 'ticket_id', meaning: 'the ticket number people see (12 for ticket #12)' },
  { name: 'ticket_subject', meaning: "the ticket's subject" },
  { name: 'agent_name', meaning: 'your name (the agent sending the reply)' },
  { name: 'site_name', meaning: "the help site's name" },
] as const;

export type ReplyPlaceholder = (typeof REPLY_PLACEHOLDERS)[number]['name'];

/**
 * Replaces each known `##name##` with its value. Unknown names are left exactly as typed, so a typo shows
 * in the composer instead of vanishing. The result is Markdown the agent edits and the client is mailed, so
 * each value goes in as plain words (visitorTextInMarkdown): a visitor's name or subject never becomes a link
 * or a Markdown mark in the agent's own reply.
 */
export function fillPlaceholders(text: string, values: Readonly<Record<ReplyPlaceholder, string>>): string {
  return text.replace(/##([a-z_]+)##/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? visitorTextInMarkdown(values[name as ReplyPlaceholder]) : whole,
  );
}
