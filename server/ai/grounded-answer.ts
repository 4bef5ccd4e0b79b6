import type { Config } from '../config/config-types.js';
import type { Post } from '../domain/content/post-types.js';
import type { DomainContext } from '../domain/context.js';
import { askAiBackend, type ChatMessage, type ChatResult } from './chat-client.js';
import { docUrl } from './related-docs.js';

// Enough of each doc to answer from, without sending whole manuals with every ticket.
const DOC_EXCERPT_CHARS = 4_000;
const TICKET_CHARS = 6_000;

export interface GroundedQuestion {
  subject: string;
  description: string;
  /** Earlier messages of the thread, oldest first (agent assist); empty for a new ticket. */
  thread?: Array<{ role: 'client' | 'agent' | 'bot'; text: string }>;
  /** The client's language (else the site's): the answer is written in it. */
  language?: string;
}

// The model is told the language by its English name ("German"), which every model reads.
const languageNames = new Intl.DisplayNames(['en'], { type: 'language' });

/** Who the answer is for: a ticket's first automatic reply, an agent's draft, or a visitor still typing in the widget. */
export type GroundedPurpose = 'auto_reply' | 'agent_draft' | 'visitor_answer';

/** What a visitor answer is when the docs do not answer: the widget then shows the suggested docs alone. */
export const NO_ANSWER = 'NO_ANSWER';

const ROLE: Record<GroundedPurpose, string> = {
  // i18n-exempt: an instruction to the AI model, never shown to people
  auto_reply: 'You write the first automatic reply to a customer support ticket.',
  // i18n-exempt: an instruction to the AI model, never shown to people
  agent_draft: 'You draft a reply that a support agent will review and edit before sending.',
  // i18n-exempt: an instruction to the AI model, never shown to people
  visitor_answer: 'You answer, in two to four sentences, a website visitor who is about to write to support.',
};

/** The chat messages that ask for an answer drawn only from these docs, citing them by title and link. */
export function buildGroundedMessages(homeUrl: string, docs: Post[], question: GroundedQuestion, purpose: GroundedPurpose): ChatMessage[] {
  const sources = docs.length
    ? docs
        .map((doc, i) => `[${i + 1}] ${doc.title}\nLink: ${docUrl(homeUrl, doc.slug)}\n${doc.content.slice(0, DOC_EXCERPT_CHARS)}`)
        .join('\n\n---\n\n')
    : '(no documentation matched)';
  const language = question.language ? languageNames.of(question.language) : undefined;
  const system = [
    ROLE[purpose],
    // i18n-exempt: an instruction to the AI model, never shown to people
    'Answer only from the documentation below. Cite each doc you use by its number and link, like [1](link).',
    purpose === 'visitor_answer'
      ? // i18n-exempt: an instruction to the AI model, never shown to people
        `If the documentation does not answer the question, reply with ${NO_ANSWER} and nothing else. ` +
        // i18n-exempt: an instruction to the AI model, never shown to people
        'Do not invent steps, prices or policies.'
      : // i18n-exempt: an instruction to the AI model, never shown to people
        'If the documentation does not answer the question, say so briefly and ' +
        // i18n-exempt: an instruction to the AI model, never shown to people
        'say an agent will follow up. Do not invent steps, prices or policies.',
    // i18n-exempt: an instruction to the AI model, never shown to people
    'Write plain text (simple Markdown links allowed), no greeting or signature.',
    // i18n-exempt: an instruction to the AI model, never shown to people
    ...(language ? [`Write in ${language}, the customer's language.`] : []),
    '',
    'Documentation:',
    sources,
  ].join('\n');
  const thread = (question.thread ?? []).map((m) => `${m.role === 'client' ? 'Customer' : 'Support'}: ${m.text}`).join('\n\n');
  // i18n-exempt: the question put to the AI model, never shown to people
  const user = (
    purpose === 'visitor_answer'
      ? // i18n-exempt: the question put to the AI model, never shown to people
        `The visitor's question: ${question.subject}`
      : // i18n-exempt: the question put to the AI model, never shown to people
        `Ticket subject: ${question.subject}\n\n${question.description}${thread ? `\n\nConversation so far:\n${thread}` : ''}`
  ).slice(0, TICKET_CHARS);
  return [
    { role: 'system', content: system },
    { role: 'user', content: user },
  ];
}

/** Asks the backend for an answer grounded in `docs`; a failure is returned, never thrown. */
export function askGroundedAnswer(
  ctx: DomainContext,
  config: Pick<Config, 'constants' | 'homeUrl'>,
  docs: Post[],
  question: GroundedQuestion,
  purpose: GroundedPurpose,
): Promise<ChatResult> {
  return askAiBackend(ctx, config, buildGroundedMessages(config.homeUrl, docs, question, purpose));
}
