import type pg from 'pg';
import { loadPg } from '../../db/create-db.js';
import { POSTS_CHANGED_CHANNEL } from '../../db/postgres/posts-changed-channel.js';
import type { PostsCache } from '../posts-cache.js';

const RECONNECT_MS = 1_000;

/**
 * Clears `cache` whenever any instance on this PostgreSQL database writes docs, products or pages
 * (postsChanged), over one connection of its own that LISTENs. When that connection drops it
 * reconnects every second and clears the cache once back, since notices sent meanwhile are lost;
 * until then the cache's TTL bounds how stale an answer can be.
 */
export async function listenForPostsChanges(
  databaseUrl: string,
  cache: PostsCache,
  warn: (message: string) => void,
): Promise<{ close(): Promise<void> }> {
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const next = new (loadPg().Client)({ connectionString: databaseUrl });
    next.on('notification', () => cache.clear());
    next.on('error', () => {});
    next.on('end', () => {
      if (closed || client !== next) return;
      client = undefined;
      // i18n-exempt: an operator's log line
      warn('The connection that hears other instances change docs was lost; reconnecting.');
      retry = setTimeout(reconnect, RECONNECT_MS);
    });
    await next.connect();
    await next.query(`listen ${POSTS_CHANGED_CHANNEL}`);
    client = next;
    cache.clear();
  };
  const reconnect = () => {
    if (closed) return;
    connect().catch(() => {
      retry = setTimeout(reconnect, RECONNECT_MS);
    });
  };

  await connect();
  return {
    async close() {
      closed = true;
      clearTimeout(retry);
      await client?.end().catch(() => {});
    },
  };
}
