/** The PostgreSQL channel on which instances say that docs, products, pages or ticket terms changed. */
export const POSTS_CHANGED_CHANNEL = 'helpdesk_posts_changed';
