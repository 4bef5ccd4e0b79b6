import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.js';
import { AppError } from '../errors.js';
import { type DomainContext, now } from './context.js';
import { type Post, toPost } from './post.js';
import { assertAssignableToProduct, assertProductExists } from './product-post-types.js';
import { slugify } from './slugify.js';

/** The content types managed through the API (tickets are filed, not saved). */
export type ManagedPostType = 'doc' | 'product' | 'page';

export interface PostInput {
  title?: string;
  content?: string;
  slug?: string;
  status?: 'publish' | 'draft';
  product?: number | null;
  menuOrder?: number;
}

/** Creates a doc, product or page; the slug is made unique within its type. */
export async function createPost(ctx: DomainContext, type: ManagedPostType, input: PostInput & { title: string }, authorId: number | null): Promise<Post> {
  if (input.product != null) await checkProduct(ctx, type, input.product);
  const time = now();
  const row = await ctx.db
    .insertInto('posts')
    .values({
      type,
      status: input.status ?? 'publish',
      title: input.title.trim(),
      content: input.content ?? '',
      slug: await uniqueSlug(ctx.db, type, input.slug ?? input.title),
      author_id: authorId,
      product_id: input.product ?? null,
      parent_id: null,
      menu_order: input.menuOrder ?? 0,
      created_at: time,
      updated_at: time,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  ctx.postsCache.clear();
  return toPost(row);
}

/** Changes the given fields of a doc, product or page. */
export async function updatePost(ctx: DomainContext, type: ManagedPostType, id: number, input: PostInput): Promise<Post> {
  const current = await findManagedPost(ctx.db, type, id);
  if (input.product != null) await checkProduct(ctx, type, input.product);
  const row = await ctx.db
    .updateTable('posts')
    .set({
      ...(input.title !== undefined && { title: input.title.trim() }),
      ...(input.content !== undefined && { content: input.content }),
      ...(input.slug !== undefined && input.slug !== current.slug && { slug: await uniqueSlug(ctx.db, type, input.slug) }),
      ...(input.status !== undefined && { status: input.status }),
      ...(input.product !== undefined && { product_id: input.product }),
      ...(input.menuOrder !== undefined && { menu_order: input.menuOrder }),
      updated_at: now(),
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  ctx.postsCache.clear();
  return toPost(row);
}

/** Deletes a doc, product or page; posts linked to a deleted product keep existing without it. */
export async function deletePost(ctx: DomainContext, type: ManagedPostType, id: number): Promise<void> {
  await findManagedPost(ctx.db, type, id);
  await ctx.db.deleteFrom('posts').where('id', '=', id).execute();
  ctx.postsCache.clear();
}

/** Links any post to a product (or unlinks it with null), if its type is assignable to products. */
export async function assignProduct(ctx: DomainContext, postId: number, productId: number | null): Promise<Post> {
  const post = await ctx.db.selectFrom('posts').select(['id', 'type']).where('id', '=', postId).executeTakeFirst();
  if (!post) throw new AppError('NOT_FOUND', `There is no post with id ${postId}.`);
  if (productId !== null) await checkProduct(ctx, post.type, productId);
  const row = await ctx.db.updateTable('posts').set({ product_id: productId, updated_at: now() }).where('id', '=', postId).returningAll().executeTakeFirstOrThrow();
  ctx.postsCache.clear();
  return toPost(row);
}

async function checkProduct(ctx: DomainContext, type: string, productId: number): Promise<void> {
  await assertAssignableToProduct(ctx, type);
  await assertProductExists(ctx, productId);
}

async function findManagedPost(db: Kysely<Database>, type: ManagedPostType, id: number) {
  const post = await db.selectFrom('posts').select(['id', 'slug']).where('id', '=', id).where('type', '=', type).executeTakeFirst();
  if (!post) throw new AppError('NOT_FOUND', `There is no ${type} with id ${id}.`);
  return post;
}

async function uniqueSlug(db: Kysely<Database>, type: string, wanted: string): Promise<string> {
  const base = slugify(wanted);
  const taken = new Set((await db.selectFrom('posts').select('slug').where('type', '=', type).where('slug', 'like', `${base}%`).execute()).map((r) => r.slug));
  let slug = base;
  for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
  return slug;
}
