import type { Config } from '../config/config-types.js';
import type { Post } from '../domain/content/post-types.js';
import type { DomainContext } from '../domain/context.js';
import { askGroundedAnswer, NO_ANSWER } from './grounded-answer.js';

export interface VisitorAnswer {
  /** Plain text (Markdown links allowed) from the AI backend, to be shown escaped. */
  text: string;
  /** The ids of the docs it was written from: those it cites, else all it was given. */
  sources: number[];
}

/**
 * A short answer to a widget visitor's question, written by the AI backend from the suggested docs only, in the
 * visitor's language. Null when there is nothing to answer from, the backend is not configured or fails, or the
 * docs do not answer: the visitor then sees the suggested docs alone, never an answer made up without them.
 */
export async function answerVisitor(
  ctx: DomainContext,
  config: Pick<Config, 'constants' | 'homeUrl'>,
  docs: Post[],
  question: string,
  language: string,
): Promise<VisitorAnswer | null> {
  if (!docs.length) return null;
  const ai = await askGroundedAnswer(ctx, config, docs, { subject: question, description: '', language }, 'visitor_answer');
  if (!ai.ok) return null;
  const text = ai.content.trim();
  if (!text || text.includes(NO_ANSWER)) return null;
  // Citations are [n] with n the doc's place in the list the model was given (buildGroundedMessages).
  const cited = [...text.matchAll(/\[(\d+)\]/g)].map((match) => docs[Number(match[1]) - 1]?.id).filter((id) => id !== undefined);
  return { text, sources: cited.length ? [...new Set(cited)] : docs.map((doc) => doc.id) };
}
