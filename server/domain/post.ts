import type { SelectQueryBuilder } from 'kysely';
import type { Database, PostRow } from '../db/tables.js';
import type { DomainContext } from './context.js';

/** A post as the domain sees it (docs, products, tickets, pages). */
export interface Post {
  id: number;
  type: string;
  status: string;
  title: string;
  content: string;
  slug: string;
  authorId: number | null;
  productId: number | null;
  parentId: number | null;
  menuOrder: number;
  createdAt: string;
  updatedAt: string;
}

/** What the one post getter was asked for; passed on to `helpdesk_get_posts`. */
export interface GetPostsArgs {
  type: string;
  status?: string;
  productId?: number;
  slug?: string;
  ids?: number[];
  limit?: number;
  offset?: number;
  orderBy?: 'menu_order' | 'title' | 'created_at' | 'updated_at';
  order?: 'asc' | 'desc';
}

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
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function whereArgs<O>(query: SelectQueryBuilder<Database, 'posts', O>, args: GetPostsArgs) {
  let q = query.where('type', '=', args.type);
  if (args.status !== undefined) q = q.where('status', '=', args.status);
  if (args.productId !== undefined) q = q.where('product_id', '=', args.productId);
  if (args.slug !== undefined) q = q.where('slug', '=', args.slug);
  if (args.ids !== undefined) q = q.where('id', 'in', args.ids.length ? args.ids : [-1]);
  return q;
}

/**
 * The one post getter (the spec's `Helpers\Utility::get_posts()`): every read of posts by routes goes
 * through here, and every call passes its rows through `helpdesk_get_posts(posts, args)`.
 */
export async function getPosts(ctx: DomainContext, args: GetPostsArgs): Promise<Post[]> {
  const orderBy = args.orderBy ?? 'menu_order';
  const direction = args.order ?? 'asc';
  const rows = await cached(ctx, 'rows', args, () => {
    let query = whereArgs(ctx.db.selectFrom('posts').selectAll(), args).orderBy(orderBy, direction).orderBy('id', direction);
    if (args.limit !== undefined) query = query.limit(args.limit).offset(args.offset ?? 0);
    return query.execute();
  });
  // Fresh objects every call: a filter may mutate what it is given without touching the cache.
  return ctx.hooks.applyFilters('helpdesk_get_posts', rows.map(toPost), { ...args });
}

/** How many posts match, before filtering: for paging headers. */
export async function countPosts(ctx: DomainContext, args: GetPostsArgs): Promise<number> {
  return cached(ctx, 'count', args, async () => {
    const row = await whereArgs(ctx.db.selectFrom('posts').select((eb) => eb.fn.countAll<number>().as('n')), args).executeTakeFirst();
    return Number(row?.n ?? 0);
  });
}

// Tickets are private and change all the time: never cached.
const CACHEABLE_TYPES = new Set(['doc', 'product', 'page']);

function cached<T>(ctx: DomainContext, kind: string, args: GetPostsArgs, load: () => Promise<T>): Promise<T> {
  if (!CACHEABLE_TYPES.has(args.type)) return load();
  return ctx.postsCache.get(`${kind}:${JSON.stringify(args)}`, load);
}
