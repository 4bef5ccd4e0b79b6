import type { SelectQueryBuilder } from 'kysely';
import { POST_COLUMNS } from '../../db/post-columns.js';
import type { Database, PostRow } from '../../db/tables.js';
import type { DomainContext } from '../context.js';
import type { GetPostsArgs, Post } from './post-types.js';

export function toPost(row: PostRow): Post {
  return {
    id: row.id,
    type: row.type,
    status: row.status,
    title: row.title,
    content: row.content,
    slug: row.slug,
    authorId: row.author_id,
    productId: row.product_id,
    parentId: row.parent_id,
    menuOrder: row.menu_order,
    number: row.number,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

// The columns that make a Post (toPost).
export { POST_COLUMNS };

function whereArgs<O>(query: SelectQueryBuilder<Database, 'posts', O>, args: GetPostsArgs) {
  let q = query.where('posts.type', '=', args.type);
  if (args.status !== undefined) q = q.where('posts.status', '=', args.status);
  if (args.productId !== undefined) q = q.where('posts.product_id', '=', args.productId);
  if (args.slug !== undefined) q = q.where('posts.slug', '=', args.slug);
  if (args.ids !== undefined) q = q.where('posts.id', 'in', args.ids.length ? args.ids : [-1]);
  return q;
}

/** The matching posts as a query; when searching, joined to the search index (SQLite) or filtered by it. */
function selectMatching(ctx: DomainContext, args: GetPostsArgs) {
  const posts = ctx.db.selectFrom('posts');
  if (args.search === undefined) return whereArgs(posts, args);
  return whereArgs(ctx.storage.search.docsMatching(posts, args.search), args);
}

/** Best match first. */
function searchRank(ctx: DomainContext, search: string) {
  return ctx.storage.search.docsRank(search);
}

/**
 * The one post getter (the spec's `Helpers\Utility::get_posts()`): every read of posts by routes goes
 * through here, and every call passes its rows through `helpdesk_get_posts(posts, args)`.
 */
export async function getPosts(ctx: DomainContext, args: GetPostsArgs): Promise<Post[]> {
  const direction = args.order ?? 'asc';
  const rows = await cached(ctx, 'rows', args, () => {
    let query = selectMatching(ctx, args).select(POST_COLUMNS);
    if (args.search !== undefined) query = query.orderBy(searchRank(ctx, args.search));
    query = query.orderBy(`posts.${args.orderBy ?? 'menu_order'}`, direction).orderBy('posts.id', direction);
    if (args.limit !== undefined) query = query.limit(args.limit).offset(args.offset ?? 0);
    return query.execute() as Promise<PostRow[]>;
  });
  // Fresh objects every call: a filter may mutate what it is given without touching the cache.
  return ctx.hooks.applyFilters('helpdesk_get_posts', rows.map(toPost), { ...args });
}

/** How many posts match, before filtering: for paging headers. */
export async function countPosts(ctx: DomainContext, args: GetPostsArgs): Promise<number> {
  return cached(ctx, 'count', args, async () => {
    const row = await selectMatching(ctx, args)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  });
}

// Tickets are private and change all the time: never cached.
const CACHEABLE_TYPES = new Set(['doc', 'product', 'page']);

function cached<T>(ctx: DomainContext, kind: string, args: GetPostsArgs, load: () => Promise<T>): Promise<T> {
  if (!CACHEABLE_TYPES.has(args.type)) return load();
  return ctx.postsCache.get(`${kind}:${JSON.stringify(args)}`, load);
}
