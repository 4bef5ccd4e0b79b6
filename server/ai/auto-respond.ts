import { visitorTextInMarkdown } from '../../common/visitor-text.js';
import type { Config } from '../config/config-types.js';
import { addComment } from '../domain/comments/add-comment.js';
import type { DomainContext } from '../domain/context.js';
import { findTicket } from '../domain/tickets/find-ticket.js';
import { recipientTranslator } from '../email/recipient-translator.js';
import { getCoreSettings } from '../settings/core-settings.js';
import { AUTO_RESPONDER_TEMPLATE } from '../settings/default-schema.js';
import { getSiteOptions } from '../settings/site-options.js';
import type { ChatFailureReason } from './chat-client.js';
import { askGroundedAnswer } from './grounded-answer.js';
import { docUrl, findRelatedDocs } from './related-docs.js';

export const AUTO_RESPOND_JOB = 'auto_respond';

export interface AutoRespondResult {
  /** The bot comment added, or null (responder off, ticket gone, already answered). */
  commentId: number | null;
  /** Why the AI answer is missing from the reply, when it is. */
  aiFailure?: ChatFailureReason;
  /** The ticket's number (#12), for the log line an operator reads about that failure. */
  ticketNumber?: number;
}

/** True when Tickets → Auto responder is on. */
export async function isAutoResponderEnabled(ctx: DomainContext): Promise<boolean> {
  return (await getCoreSettings(ctx)).tickets.auto_responder_enabled;
}

/**
 * The auto responder's job: one bot comment on a new ticket with the template, the up-to-three most
 * relevant docs (titles and links) and, when the AI backend answers, an answer grounded in them. The
 * status never moves (`suppressTransition`). Idempotent: a ticket that already has a bot comment gets
 * no second one, so a retried job cannot reply twice.
 */
export async function autoRespond(
  ctx: DomainContext,
  config: Pick<Config, 'constants' | 'homeUrl'>,
  ticketId: number,
): Promise<AutoRespondResult> {
  const ticket = await findTicket(ctx, ticketId);
  if (!ticket || !(await isAutoResponderEnabled(ctx)) || (await hasBotComment(ctx, ticket.id))) return { commentId: null };

  const docs = await findRelatedDocs(ctx, ticket.title, ticket.content, 3);
  const client = ticket.authorId
    ? await ctx.db.selectFrom('users').select(['name', 'language']).where('id', '=', ticket.authorId).executeTakeFirst()
    : undefined;
  const site = await getSiteOptions(ctx.db);
  // The reply is stored once and read by the client: written in the client's language, else the site's.
  const tr = recipientTranslator(client, site);
  const question = { subject: ticket.title, description: ticket.content, language: tr.language };
  const ai = await askGroundedAnswer(ctx, config, docs, question, 'auto_reply');
  // The backend's reply was awaited outside any transaction; look again before writing.
  if (await hasBotComment(ctx, ticket.id)) return { commentId: null };

  const { auto_responder_template } = (await getCoreSettings(ctx)).tickets;
  // A template emptied on the screen, or left as the default, is the catalogue's in that language; an admin's own
  // wording is used as written.
  const edited =
    auto_responder_template.trim() !== '' && auto_responder_template.replace(/\r\n?/g, '\n').trim() !== AUTO_RESPONDER_TEMPLATE;
  const template = edited ? auto_responder_template : tr.t('mail.autoResponder.body');
  const docsText = docs.length
    ? docs.map((doc) => `- ${doc.title}: ${docUrl(config.homeUrl, doc.slug)}`).join('\n')
    : tr.t('mail.autoResponder.noDocs');
  // The reply is Markdown, rendered on the help site and in the mail: what people typed goes in as words,
  // never as a link or a mark; the docs' list and the grounded answer are Markdown on purpose.
  const values: Record<string, string> = {
    client_name: visitorTextInMarkdown(client?.name ?? ''),
    ticket_title: visitorTextInMarkdown(ticket.title),
    ticket_id: String(ticket.number ?? ticket.id),
    site_name: visitorTextInMarkdown(site.site_name),
    docs: docsText,
    answer: ai.ok ? ai.content : '',
  };
  const text = template
    .replace(/##(client_name|ticket_title|ticket_id|site_name|docs|answer)##/g, (_, name: string) => values[name] ?? '')
    .replace(/\n{3,}/g, '\n\n');
  const { id } = await addComment(ctx, { ticketId: ticket.id, text, role: 'bot', suppressTransition: true }, null);
  return ai.ok ? { commentId: id } : { commentId: id, aiFailure: ai.reason, ticketNumber: ticket.number ?? ticket.id };
}

async function hasBotComment(ctx: DomainContext, ticketId: number): Promise<boolean> {
  const row = await ctx.db
    .selectFrom('comments')
    .select('id')
    .where('post_id', '=', ticketId)
    .where('author_role', '=', 'bot')
    .executeTakeFirst();
  return row !== undefined;
}
