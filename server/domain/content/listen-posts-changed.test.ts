import { describe, expect, inject, it } from 'vitest';
import { useTwoPostgresInstances } from '../../test/two-instances.js';
import type { DomainContext } from '../context.js';
import { createPost } from './create-post.js';
import { getPosts } from './post.js';

describe.skipIf(!inject('postgresUrl'))('docs written on one instance [postgres]', () => {
  const instances = useTwoPostgresInstances();

  const titles = async (ctx: DomainContext) =>
    (await getPosts(ctx, { type: 'doc', status: 'publish', orderBy: 'menu_order', limit: 10 })).map((post) => post.title);

  it('are seen by the other instance at once, not after its cache expires (5 s)', async () => {
    expect(await titles(instances.reader())).toEqual([]);
    await createPost(instances.writer(), 'doc', { title: 'Written elsewhere', status: 'publish' }, null);
    await expect.poll(() => titles(instances.reader()), { timeout: 2_000, interval: 20 }).toEqual(['Written elsewhere']);
  });
});
