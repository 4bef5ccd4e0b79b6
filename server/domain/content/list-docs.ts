import { message } from '../../../common/i18n/translator.js';
import { DOCS_MAX_PER_PAGE_DEFAULT } from '../../../common/limits.js';
import { AppError } from '../../errors.js';
import type { DomainContext } from '../context.js';
import { countPosts, getPosts } from './post.js';
import type { GetPostsArgs, Post } from './post-types.js';

/** The ceiling of `count` (spec §8): 100 unless `helpdesk_docs_api_max_per_page` says otherwise. */
export async function getDocsMaxPerPage(ctx: DomainContext): Promise<number> {
  const max = await ctx.hooks.applyFilters('helpdesk_docs_api_max_per_page', DOCS_MAX_PER_PAGE_DEFAULT);
  if (!Number.isInteger(max) || max < 1) {
    throw new TypeError(`helpdesk_docs_api_max_per_page must return a whole number of at least 1; it returned ${JSON.stringify(max)}.`);
  }
  return max;
}

export interface DocsPage {
  docs: Post[];
  total: number;
  perPage: number;
}

/**
 * Published docs, `count` per page clamped to the ceiling, so an anonymous caller can never take the
 * whole table in one request. With `productSlug`, only that product's docs (404 when it does not exist);
 * with `search`, the best full-text matches first.
 */
export async function listDocs(
  ctx: DomainContext,
  query: { count: number; page: number; productSlug?: string; search?: string },
): Promise<DocsPage> {
  const perPage = Math.min(query.count, await getDocsMaxPerPage(ctx));
  const args: GetPostsArgs = { type: 'doc', status: 'publish', orderBy: 'menu_order', limit: perPage, offset: (query.page - 1) * perPage };
  const search = query.search?.trim();
  if (search) args.search = search;
  if (query.productSlug !== undefined) {
    const [product] = await getPosts(ctx, { type: 'product', status: 'publish', slug: query.productSlug, limit: 1 });
    if (!product) throw new AppError('NOT_FOUND', message('problems.content.no_product_slug', { slug: query.productSlug }));
    args.productId = product.id;
  }
  const [docs, total] = await Promise.all([getPosts(ctx, args), countPosts(ctx, args)]);
  return { docs, total, perPage };
}
