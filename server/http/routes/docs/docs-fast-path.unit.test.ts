import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { type DocsListAnswer, docsAnswerKey } from '../../../domain/content/docs-list-answer.js';
import { PostsCache } from '../../../domain/posts-cache.js';
import { createHooks } from '../../../hooks/create-hooks.js';
import { createDocsFastPath } from './docs-fast-path.js';

// The fast path on its own, with a request and response that only record what is written.
function setUp(trustProxyHops = 0) {
  const hooks = createHooks();
  const postsCache = new PostsCache();
  const fastPath = createDocsFastPath({ basePath: '', hooks, postsCache, trustProxyHops });
  const cache = async (queryKey: string) => {
    const answer: DocsListAnswer = { body: Buffer.from('[]'), total: 0, perPage: 10 };
    await postsCache.get(docsAnswerKey(hooks.version, queryKey), async () => answer);
  };
  const ask = (url: string, headers: Record<string, string> = {}) => {
    const written: { status?: number; headers?: string[] } = {};
    const res = {
      writeHead(status: number, sent: string[]) {
        written.status = status;
        written.headers = sent;
        return res;
      },
      end() {
        return res;
      },
    };
    const req = { method: 'GET', url, headers } as unknown as IncomingMessage;
    const answered = fastPath.answer(req, res as unknown as ServerResponse);
    return { answered, status: written.status, hsts: written.headers?.includes('strict-transport-security') };
  };
  return { fastPath, cache, ask };
}

describe('the docs list fast path, on its own', () => {
  it('answers only addresses the route answered, while their answer is cached', async () => {
    const { fastPath, cache, ask } = setUp();
    await cache('[10,1,null,null]');
    expect(ask('/api/helpdesk/v1/docs/').answered).toBe(false);
    fastPath.remember('/api/helpdesk/v1/docs/', '[10,1,null,null]');
    expect(ask('/api/helpdesk/v1/docs/')).toEqual({ answered: true, status: 200, hsts: false });
    // Another address of the same query is the route's until it has answered it.
    expect(ask('/api/helpdesk/v1/docs').answered).toBe(false);
  });

  it('leaves to Fastify a request with a routing constraint or a body', async () => {
    const { fastPath, cache, ask } = setUp();
    await cache('[10,1,null,null]');
    fastPath.remember('/api/helpdesk/v1/docs/', '[10,1,null,null]');
    expect(ask('/api/helpdesk/v1/docs/').answered).toBe(true);
    const unusual: Array<Record<string, string>> = [
      { 'accept-version': '1.x' },
      { 'content-length': '2' },
      { 'transfer-encoding': 'chunked' },
    ];
    for (const headers of unusual) {
      expect(ask('/api/helpdesk/v1/docs/', headers).answered, JSON.stringify(headers)).toBe(false);
    }
  });

  it('believes X-Forwarded-Proto only from a trusted proxy, as Fastify does', async () => {
    for (const [hops, hsts] of [
      [0, false],
      [1, true],
    ] as const) {
      const { fastPath, cache, ask } = setUp(hops);
      await cache('[10,1,null,null]');
      fastPath.remember('/api/helpdesk/v1/docs/', '[10,1,null,null]');
      expect(ask('/api/helpdesk/v1/docs/', { 'x-forwarded-proto': 'https' }).hsts, `${hops} hops`).toBe(hsts);
    }
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
