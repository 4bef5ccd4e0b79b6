import { describe, expect, it } from 'vitest';
import { PostsCache } from './posts-cache.js';

describe('the posts cache, peeked at without a promise', () => {
  it('gives a loaded value until the cache is cleared', async () => {
    const cache = new PostsCache();
    let finish = (_value: string) => {};
    const loading = cache.get('k', () => new Promise<string>((resolve) => (finish = resolve)));
    // Still loading: only get's promise has it.
    expect(cache.peek('k')).toBeUndefined();
    finish('v');
    await loading;
    expect(cache.peek('k')).toBe('v');
    expect(cache.peek('other')).toBeUndefined();
    cache.clear();
    expect(cache.peek('k')).toBeUndefined();
  });

  it('gives nothing once the entry has expired, nor for a failed load', async () => {
    const expired = new PostsCache(0);
    await expired.get('k', async () => 'v');
    expect(expired.peek('k')).toBeUndefined();
    const cache = new PostsCache();
    await expect(cache.get('k', async () => Promise.reject(new Error('no database')))).rejects.toThrow('no database');
    expect(cache.peek('k')).toBeUndefined();
  });
});
