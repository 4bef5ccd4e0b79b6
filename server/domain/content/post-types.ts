// The shapes of a post, apart from the queries (post.ts) so that the hook map can name them without
// importing the domain context, which imports the hooks.

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
  /** A ticket's number (#1, #2, …); null for other post types. */
  number: number | null;
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
  /** Full-text search (docs only); results come best match first. */
  search?: string;
  limit?: number;
  offset?: number;
  orderBy?: 'menu_order' | 'title' | 'created_at' | 'updated_at';
  order?: 'asc' | 'desc';
}
