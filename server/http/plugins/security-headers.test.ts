import helmet from '@fastify/helmet';
import Fastify from 'fastify';
import { expect, it } from 'vitest';
import { HELMET_OPTIONS, SECURITY_HEADERS, securityHeadersPlugin } from './security-headers.js';

const TRANSPORT = new Set(['date', 'connection', 'content-type', 'content-length']);

async function headersFrom(register: (app: ReturnType<typeof Fastify>) => Promise<unknown>): Promise<Record<string, unknown>> {
  const app = Fastify();
  await register(app);
  app.get('/', async () => 'page');
  const res = await app.inject('/');
  await app.close();
  return Object.fromEntries(Object.entries(res.headers).filter(([name]) => !TRANSPORT.has(name)));
}

it('sends exactly the headers helmet sends for the same options, written out once', async () => {
  const fromHelmet = await headersFrom((app) => app.register(helmet, HELMET_OPTIONS));
  const ours = await headersFrom((app) => app.register(securityHeadersPlugin));
  expect(ours).toEqual(fromHelmet);
  expect(Object.keys(ours)).toHaveLength(SECURITY_HEADERS.length);
});
