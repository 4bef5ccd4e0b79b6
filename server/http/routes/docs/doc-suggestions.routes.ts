import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { message } from '../../../../common/i18n/translator.js';
import {
  DOCS_ANSWER_PER_ADDRESS_MINUTE,
  DOCS_ARTICLE_PER_ADDRESS_MINUTE,
  DOCS_SUGGEST_PER_ADDRESS_MINUTE,
} from '../../../../common/limits.js';
import { answerVisitor } from '../../../ai/visitor-answer.js';
import { getPosts } from '../../../domain/content/post.js';
import { suggestDocs } from '../../../domain/content/suggest-docs.js';
import { describeWait } from '../../../domain/describe-wait.js';
import { AppError } from '../../../errors.js';
import { hitLimits } from '../../../intake/counted-limits.js';
import type { CounterStore } from '../../../intake/counter-store.js';
import { loadMarkdown } from '../../../markdown/load-markdown.js';
import { addressKey } from '../../../security/client-address.js';
import type { RouteServices } from '../../services.js';
import { docLink, presentDocSuggestion } from './doc-presenters.js';
import { DocArticleParams, DocSuggestQuery, docArticleResponse, docSuggestResponse } from './doc-suggestions.schema.js';

// The browser may reuse an answer while the visitor types the same words again (backspace, retype); not shared
// caches: a doc unpublished should stop being suggested within the minute.
const CACHE_CONTROL = 'private, max-age=60';
const MINUTE_MS = 60_000;

/**
 * The widget's help before a ticket: docs suggested while the visitor types (GET /docs/suggest) and one doc
 * read inside the widget (GET /docs/{id}/article). Public, cross-origin (public-requests.ts), and counted per
 * network address, as everything an anonymous caller can repeat.
 */
export const docSuggestionsRoutes: FastifyPluginAsyncTypebox<RouteServices> = async (app, { ctx, config, counters }) => {
  app.get(
    '/docs/suggest',
    {
      schema: {
        summary: 'Docs suggested for what a visitor is typing (the widget), best match first',
        tags: ['docs'],
        querystring: DocSuggestQuery,
        response: docSuggestResponse,
      },
    },
    async (request, reply) => {
      await refuseWhenLimited(counters, 'suggest', request.ip, DOCS_SUGGEST_PER_ADDRESS_MINUTE);
      const found = await suggestDocs(ctx, request.query);
      const suggestions = found.docs.map((doc) => presentDocSuggestion(doc, found.words, config.homeUrl));
      const answer =
        request.query.answer && found.docs.length && (await mayAnswer(counters, request.ip))
          ? await answerVisitor(ctx, config, found.docs, request.query.q, found.language)
          : null;
      reply.header('cache-control', CACHE_CONTROL);
      return answer ? { suggestions, answer } : { suggestions };
    },
  );

  app.get(
    '/docs/:id/article',
    {
      schema: {
        summary: 'One published doc as safe HTML, to be shown inside the widget',
        tags: ['docs'],
        params: DocArticleParams,
        response: docArticleResponse,
      },
    },
    async (request, reply) => {
      await refuseWhenLimited(counters, 'article', request.ip, DOCS_ARTICLE_PER_ADDRESS_MINUTE);
      const { id } = request.params;
      const [doc] = await getPosts(ctx, { type: 'doc', status: 'publish', ids: [id], limit: 1 });
      if (!doc) throw new AppError('NOT_FOUND', message('problems.not_found.with_id', { kind: 'doc', id: String(id) }));
      const renderer = await loadMarkdown();
      reply.header('cache-control', CACHE_CONTROL);
      return {
        id: doc.id,
        title: doc.title,
        html: renderer.renderMarkdownToEmbeddedHtml(doc.content),
        link: docLink(config.homeUrl, doc.slug),
      };
    },
  );
};

/** Whether this address may have another AI answer this minute (beyond, the docs come alone). */
async function mayAnswer(counters: CounterStore, ip: string): Promise<boolean> {
  const { count } = await counters.hit(`docs:answer:m:${addressKey(ip)}`, MINUTE_MS);
  return count <= DOCS_ANSWER_PER_ADDRESS_MINUTE;
}

/** Counts the request on its address's minute; over the limit, a 429 with Retry-After. */
async function refuseWhenLimited(counters: CounterStore, kind: 'suggest' | 'article', ip: string, max: number): Promise<void> {
  const exceeded = await hitLimits(counters, [
    { name: `limit_docs_${kind}_minute`, key: `docs:${kind}:m:${addressKey(ip)}`, windowMs: MINUTE_MS, max },
  ]);
  if (!exceeded) return;
  throw new AppError('RATE_LIMITED', (t) =>
    t.t('problems.docs.too_many_lookups', { wait: describeWait(exceeded.retryAfterS, t) }),
  ).withHeaders(exceeded.headers);
}
