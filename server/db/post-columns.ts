/** The columns that make a Post (domain/content/post.ts, toPost); here so that a store can read them in a query of its own. */
export const POST_COLUMNS = [
  'posts.id',
  'posts.type',
  'posts.status',
  'posts.title',
  'posts.content',
  'posts.slug',
  'posts.author_id',
  'posts.product_id',
  'posts.parent_id',
  'posts.menu_order',
  'posts.number',
  'posts.created_at',
  'posts.updated_at',
] as const;
