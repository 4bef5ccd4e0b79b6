import { message } from '../../../common/i18n/translator.js';
import { invalidField } from '../../errors.js';
import type { Hooks } from '../../hooks/create-hooks.js';
import type { DomainContext } from '../context.js';

/** The helpdesk's own contribution to `helpdesk_product_post_types` (spec §2: appended through the filter). */
export function registerCoreProductPostTypes(hooks: Hooks): void {
  hooks.addFilter('helpdesk_product_post_types', 'helpdesk/core', (types) => [...types, 'doc', 'ticket']);
}

/** Post types that can be assigned to a product: `helpdesk_product_post_types`, called with `[]`. */
export async function getProductPostTypes(hooks: Hooks): Promise<string[]> {
  const types = await hooks.applyFilters('helpdesk_product_post_types', []);
  if (!Array.isArray(types) || types.some((t) => typeof t !== 'string')) {
    throw new TypeError('helpdesk_product_post_types must return a list of post type names.');
  }
  return [...new Set(types)];
}

/** Refuses to link a post of `postType` to a product unless that type is assignable. */
export async function assertAssignableToProduct(ctx: DomainContext, postType: string): Promise<void> {
  const types = await getProductPostTypes(ctx.hooks);
  if (!types.includes(postType)) {
    throw invalidField('product', (t) =>
      t.t('problems.content.not_assignable', { type: postType, types: types.join(', ') || t.t('problems.content.no_assignable_types') }),
    );
  }
}

/** The product post with that id, or a 400 naming `field`. */
export async function assertProductExists(ctx: DomainContext, productId: number, field = 'product'): Promise<void> {
  const product = await ctx.db
    .selectFrom('posts')
    .select('id')
    .where('id', '=', productId)
    .where('type', '=', 'product')
    .executeTakeFirst();
  if (!product)
    throw invalidField(
      field,
      message('problems.field.no_such_listed', { kind: 'product', id: String(productId), route: '/api/helpdesk/v1/tickets/products/' }),
    );
}
