import type { Config } from '../config/config-types.js';
import type { DomainContext } from '../domain/context.js';
import { getAgentTicket } from '../domain/inbox/get-agent-ticket.js';
import { recipientTranslator } from '../email/recipient-translator.js';
import { getSiteOptions } from '../settings/site-options.js';
import type { ChatFailureReason } from './chat-client.js';
import { askGroundedAnswer } from './grounded-answer.js';
import { docUrl, findRelatedDocs } from './related-docs.js';

export interface SuggestedReply {
  /** Text for the agent to edit; nothing is sent. */
  draft: string;
  docs: Array<{ title: string; url: string }>;
  /** False when the backend gave no answer: the draft then only lists the docs. */
  answered: boolean;
  failure?: ChatFailureReason;
}

// The last messages carry the open question; older ones only cost tokens.
const THREAD_MESSAGES = 6;

/**
 * Agent assist: a draft reply from the AI backend grounded in the most relevant docs and the public
 * thread (internal notes stay out of the prompt). NOT_FOUND for a missing ticket; the backend's
 * failures give a docs-only draft, never an error.
 */
export async function suggestReply(
  ctx: DomainContext,
  config: Pick<Config, 'constants' | 'homeUrl'>,
  ticketId: number,
): Promise<SuggestedReply> {
  const ticket = await getAgentTicket(ctx, ticketId);
  const thread = ticket.comments
    .filter((c) => !c.isInternal)
    .slice(-THREAD_MESSAGES)
    .map((c) => ({ role: c.role, text: c.text }));
  const lastClientText = [...thread].reverse().find((c) => c.role === 'client')?.text ?? '';
  const docs = await findRelatedDocs(ctx, ticket.title, `${ticket.description} ${lastClientText}`, 3);
  const links = docs.map((doc) => ({ title: doc.title, url: docUrl(config.homeUrl, doc.slug) }));
  // The draft is for the client to read: in the client's language, else the site's.
  const [client, site] = await Promise.all([
    ctx.db
      .selectFrom('posts as p')
      .innerJoin('users as u', 'u.id', 'p.author_id')
      .select('u.language')
      .where('p.id', '=', ticketId)
      .executeTakeFirst(),
    getSiteOptions(ctx.db),
  ]);
  const tr = recipientTranslator(client, site);
  const question = { subject: ticket.title, description: ticket.description, thread, language: tr.language };
  const ai = await askGroundedAnswer(ctx, config, docs, question, 'agent_draft');
  const docsList = links.map((l) => `- ${l.title}: ${l.url}`).join('\n');
  if (ai.ok) return { draft: ai.content, docs: links, answered: true };
  return { draft: docsList ? `${tr.t('mail.suggestion.articles')}\n${docsList}` : '', docs: links, answered: false, failure: ai.reason };
}
