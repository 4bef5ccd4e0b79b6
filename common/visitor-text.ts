import { unlinkableText } from './unlinkable-text.js';

// Characters that open a Markdown construct wherever they stand (emphasis, code, links, images, autolinks,
// HTML entities, tables, headings, quotes, strikethrough). Escaped with a backslash they print as themselves.
const MARKDOWN_ANYWHERE = /[\\`*_[\]()<>!#~|&]/g;
// These open a list or a setext heading only at the start of a line, where an inserted value may stand.
const MARKDOWN_AT_START = /^([-+=])/;

/**
 * A name or subject a visitor typed, made safe to insert into Markdown that the helpdesk renders and mails
 * (the auto responder's reply, a saved reply's placeholders): it reads as the same words, never becomes a
 * link (unlinkableText: neither the renderer's linkify nor the reader's mail program sees a host, an address
 * or a mailbox) and never Markdown (each character that would open a construct is escaped). Only the
 * characters that need it are escaped, so the agent's composer shows ordinary names and subjects unchanged.
 */
export function visitorTextInMarkdown(value: string): string {
  // Folded to single spaces first: leading blanks or a tab would make the value a code block.
  const words = value.replace(/\s+/g, ' ').trim();
  return unlinkableText(words).replace(MARKDOWN_ANYWHERE, '\\$&').replace(MARKDOWN_AT_START, '\\$1');
}
