import type { Kysely } from 'kysely';
import { message } from '../../../common/i18n/translator.js';
import type { Database } from '../../db/tables.js';
import { AppError } from '../../errors.js';
import type { DomainContext } from '../context.js';
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
  /** Docs: the language written in (a primary subtag, `de`); null: the site's. */
  language?: string | null;
}

/** Refuses a product that does not exist, or a post type that cannot have one. */
export async function checkProduct(ctx: DomainContext, type: string, productId: number): Promise<void> {
  await assertAssignableToProduct(ctx, type);
  await assertProductExists(ctx, productId);
}

/** The doc, product or page with that id, or NOT_FOUND. */
export async function getManagedPost(db: Kysely<Database>, type: ManagedPostType, id: number) {
  const post = await db.selectFrom('posts').select(['id', 'slug']).where('id', '=', id).where('type', '=', type).executeTakeFirst();
  if (!post) throw new AppError('NOT_FOUND', message('problems.not_found.with_id', { kind: type, id: String(id) }));
  return post;
}

/** `wanted` made into a slug that no post of that type has yet (`faq`, `faq-2`…). */
export async function uniqueSlug(db: Kysely<Database>, type: string, wanted: string): Promise<string> {
  const base = slugify(wanted);
  const taken = new Set(
    (await db.selectFrom('posts').select('slug').where('type', '=', type).where('slug', 'like', `${base}%`).execute()).map((r) => r.slug),
  );
  let slug = base;
  for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
  return slug;
}
