import { Writable } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { createTestHelpdesk, type TestHelpdesk } from '../test/test-helpdesk.js';
import { loggerOptions } from './log-serializers.js';

let hd: TestHelpdesk;
let app: Awaited<ReturnType<typeof buildApp>>;
const lines: string[] = [];

beforeAll(async () => {
  hd = await createTestHelpdesk('sqlite');
  const stream = new Writable({
    write: (chunk, _encoding, done) => {
      lines.push(String(chunk));
      done();
    },
  });
  app = await buildApp({ config: hd.config, ctx: hd.ctx, logger: loggerOptions('info', stream) });
});
afterAll(async () => {
  await app.close();
  await hd.close();
});

const missing = () =>
  app.inject({
    method: 'GET',
    url: '/api/helpdesk/v1/tickets/999999',
    headers: { authorization: 'Bearer hd_nope', cookie: 'hd_session=secret-cookie' },
  });

it('names every answer’s request in X-Request-Id', async () => {
  const res = await app.inject({ method: 'GET', url: '/healthz' });
  expect(res.headers['x-request-id']).toMatch(/^req-[0-9a-z]+$/);
});

it('puts the same id in a problem as request_id, beside its usual members', async () => {
  const res = await missing();
  expect(res.headers['content-type']).toContain('application/problem+json');
  expect(res.json()).toMatchObject({ status: res.statusCode, request_id: res.headers['x-request-id'] });
});

it('keeps a sane incoming X-Request-Id, so a proxy’s id follows the request', async () => {
  const res = await app.inject({ method: 'GET', url: '/api/helpdesk/v1/tickets/1', headers: { 'x-request-id': 'lb-7f3a.2:x_1' } });
  expect(res.headers['x-request-id']).toBe('lb-7f3a.2:x_1');
  expect(res.json().request_id).toBe('lb-7f3a.2:x_1');
});

it('replaces an incoming X-Request-Id that is too long or has other characters', async () => {
  for (const given of ['x'.repeat(65), 'a b', 'id\u00e9', '<script>']) {
    const res = await app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': given } });
    expect(res.headers['x-request-id']).toMatch(/^req-[0-9a-z]+$/);
  }
});

it('logs the request under the id the client got, without its Authorization header or cookies', async () => {
  const res = await missing();
  const entries = lines.map((line) => JSON.parse(line)).filter((entry) => entry.reqId === res.headers['x-request-id']);
  expect(entries.length).toBeGreaterThan(0);
  const logged = lines.join('');
  expect(logged).not.toContain('hd_nope');
  expect(logged).not.toContain('secret-cookie');
});
