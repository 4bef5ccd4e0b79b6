/**
 * Docs, products and pages change rarely and are read on every page view, so the one post getter
 * keeps their rows (and serialized docs lists) for a few seconds; filing keeps the ticket terms here too. A write clears it at once, in this
 * process and on PostgreSQL in every other instance (postsChanged, listen-posts-changed.ts); the TTL
 * bounds staleness while that notice cannot arrive. Concurrent misses share one query.
 */
export class PostsCache {
  private readonly entries = new Map<string, { expiresAt: number; value: Promise<unknown> }>();

  constructor(
    private readonly ttlMs = 5_000,
    private readonly maxEntries = 1_000,
  ) {}

  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > now) return hit.value as Promise<T>;
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    const value = load();
    this.entries.set(key, { expiresAt: now + this.ttlMs, value });
    value.catch(() => this.entries.delete(key));
    return value;
  }

  clear(): void {
    this.entries.clear();
  }
}
