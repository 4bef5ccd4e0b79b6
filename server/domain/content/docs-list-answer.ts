import type { DomainContext } from '../context.js';
import { type DocsPage, listDocs } from './list-docs.js';

/** A docs list as sent: the serialized JSON and its paging headers' values. */
export interface DocsListAnswer {
  body: Buffer;
  total: number;
  perPage: number;
}

export type DocsListQuery = Parameters<typeof listDocs>[1];

/**
 * The docs list, serialized once per query and kept with the posts' rows (cleared on every write to
 * posts through this process; another instance's writes show within the cache's TTL). The key holds
 * the hook registry's version, so adding or removing a `helpdesk_get_posts` or max-per-page filter
 * takes effect at once: a filter's output is cached per registry version, like the rows it filters.
 * Fastify then sends the bytes as they are, without building 100 excerpts and serializing per request.
 */
export function docsListAnswer(ctx: DomainContext, query: DocsListQuery, serialize: (page: DocsPage) => string): Promise<DocsListAnswer> {
  return ctx.postsCache.get(docsAnswerKey(ctx.hooks.version, docsQueryKey(query)), async () => {
    const page = await listDocs(ctx, query);
    return { body: Buffer.from(serialize(page), 'utf8'), total: page.total, perPage: page.perPage };
  });
}

/** The part of a docs list's cache key that the query decides (the same for every registry version). */
export function docsQueryKey(query: DocsListQuery): string {
  return JSON.stringify([query.count, query.page, query.productSlug ?? null, query.search ?? null]);
}

/** The posts-cache key of a docs list's answer, for one hook-registry version. */
export function docsAnswerKey(hooksVersion: number, queryKey: string): string {
  return `docs-answer:${hooksVersion}:${queryKey}`;
}
