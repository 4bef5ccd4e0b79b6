/**
 * Docs, products and pages change rarely and are read on every page view, so the one post getter keeps their rows (and
 * serialized docs lists) for a few seconds; filing keeps the ticket terms here too. A write clears it at once, in this
 * process and on PostgreSQL in every other instance (postsChanged, listen-posts-changed.ts); the TTL bounds staleness
 * while that notice cannot arrive. Concurrent misses share one query.
 */
interface Entry {
  expiresAt: number;
  value: Promise<unknown>;
  /** Set once the load has succeeded, for peek. */
  settled?: { value: unknown };
}

export class PostsCache {
  private readonly entries = new Map<string, Entry>();

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
    const entry: Entry = { expiresAt: now + this.ttlMs, value };
    this.entries.set(key, entry);
    value.then(
      (loaded) => {
        entry.settled = { value: loaded };
      },
      () => this.entries.delete(key),
    );
    return value;
  }

  /**
   * The value `get` would give at once, without a promise: only when it is loaded and fresh. The docs
   * list's socket fast path answers from it (http/routes/docs/docs-fast-path.ts), so it stops the moment
   * `get` would load again: after a write's clear, another instance's notice or the TTL.
   */
  peek<T>(key: string): T | undefined {
    const hit = this.entries.get(key);
    if (!hit?.settled || hit.expiresAt <= Date.now()) return undefined;
    return hit.settled.value as T;
  }

  clear(): void {
    this.entries.clear();
  }
}
