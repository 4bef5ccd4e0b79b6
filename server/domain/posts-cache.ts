/**
 * Docs, products and pages change rarely and are read on every page view, so the one post getter
 * keeps their rows for a few seconds. Writes through this process clear it at once; another
 * instance's writes show within the TTL. Concurrent misses share one query.
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
