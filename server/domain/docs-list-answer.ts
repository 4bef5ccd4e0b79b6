import type { DomainContext } from './context.js';
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
  const parameters = [query.count, query.page, query.productSlug ?? null, query.search ?? null];
  const key = `docs-answer:${ctx.hooks.version}:${JSON.stringify(parameters)}`;
  return ctx.postsCache.get(key, async () => {
    const page = await listDocs(ctx, query);
    return { body: Buffer.from(serialize(page), 'utf8'), total: page.total, perPage: page.perPage };
  });
}
