import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { type DocsListAnswer, docsAnswerKey } from '../../../domain/docs-list-answer.js';
import { PostsCache } from '../../../domain/posts-cache.js';
import { createHooks } from '../../../hooks/create-hooks.js';
import { createDocsFastPath } from './docs-fast-path.js';

// The fast path on its own, with a request and response that only record what is written.
function setUp() {
  const hooks = createHooks();
  const postsCache = new PostsCache();
  const fastPath = createDocsFastPath({ basePath: '', hooks, postsCache, trustProxyHops: 0 });
  const cache = async (queryKey: string) => {
    const answer: DocsListAnswer = { body: Buffer.from('[]'), total: 0, perPage: 10 };
    await postsCache.get(docsAnswerKey(hooks.version, queryKey), async () => answer);
  };
  const ask = (url: string) => {
    const written: { status?: number } = {};
    const res = {
      writeHead(status: number) {
        written.status = status;
        return res;
      },
      end() {
        return res;
      },
    };
    const req = { method: 'GET', url, headers: {} } as IncomingMessage;
    return { answered: fastPath.answer(req, res as unknown as ServerResponse), status: written.status };
  };
  return { fastPath, cache, ask };
}

describe('the docs list fast path, on its own', () => {
  it('answers only addresses the route answered, while their answer is cached', async () => {
    const { fastPath, cache, ask } = setUp();
    await cache('[10,1,null,null]');
    expect(ask('/api/helpdesk/v1/docs/').answered).toBe(false);
    fastPath.remember('/api/helpdesk/v1/docs/', '[10,1,null,null]');
    expect(ask('/api/helpdesk/v1/docs/')).toEqual({ answered: true, status: 200 });
    // Another address of the same query is the route's until it has answered it.
    expect(ask('/api/helpdesk/v1/docs').answered).toBe(false);
  });

  it('stops once the app is closing', async () => {
    const { fastPath, cache, ask } = setUp();
    await cache('[10,1,null,null]');
    fastPath.remember('/api/helpdesk/v1/docs/', '[10,1,null,null]');
    expect(ask('/api/helpdesk/v1/docs/').answered).toBe(true);
    fastPath.stop();
    expect(ask('/api/helpdesk/v1/docs/').answered).toBe(false);
  });

  it('keeps at most 1,000 addresses: any unknown query parameter makes a new one', async () => {
    const { fastPath, cache, ask } = setUp();
    await cache('[10,1,null,null]');
    for (let i = 0; i < 1_000; i += 1) fastPath.remember(`/api/helpdesk/v1/docs/?x=${i}`, '[10,1,null,null]');
    expect(ask('/api/helpdesk/v1/docs/?x=0').answered).toBe(true);
    fastPath.remember('/api/helpdesk/v1/docs/?x=1000', '[10,1,null,null]');
    expect(ask('/api/helpdesk/v1/docs/?x=0').answered).toBe(false);
    expect(ask('/api/helpdesk/v1/docs/?x=1000').answered).toBe(true);
  });
});
