import { Writable } from 'node:stream';
import { expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { issueFirstAdminLink } from '../domain/people/first-admin.js';
import { updateSettings } from '../settings/settings.js';
import { ticketPayload } from '../test/fixtures.js';
import { createTestHelpdesk } from '../test/test-helpdesk.js';
import { loggerOptions, redactUrl } from './log-serializers.js';

/** A test helpdesk whose app writes its log lines, as JSON text, to `lines`. */
async function loggedApp() {
  const hd = await createTestHelpdesk('sqlite');
  const lines: string[] = [];
  const stream = new Writable({
    write: (chunk, _encoding, done) => {
      lines.push(String(chunk));
      done();
    },
  });
  const app = await buildApp({ config: hd.config, ctx: hd.ctx, logger: loggerOptions('info', stream) });
  return { hd, app, lines };
}

it('removes secrets from logged URLs', () => {
  expect(redactUrl('/login/first-admin/?token=abc123&x=1')).toBe('/login/first-admin/?token=[redacted]&x=1');
  expect(redactUrl('/docs/?count=5')).toBe('/docs/?count=5');
  expect(redactUrl('/files/f1/mailed?expires=1900000000&signature=0123abcd')).toBe(
    '/files/f1/mailed?expires=1900000000&signature=[redacted]',
  );
});

it('request logs carry neither the Authorization header nor a sign-in token', async () => {
  const { hd, app, lines } = await loggedApp();
  try {
    const link = (await issueFirstAdminLink(hd.ctx, hd.config.homeUrl)) ?? '';
    const token = new URL(link).searchParams.get('token') ?? '';
    await app.inject({ method: 'GET', url: new URL(link).pathname + new URL(link).search });
    await app.inject({ method: 'GET', url: '/api/helpdesk/v1/settings', headers: { authorization: 'Bearer hd_supersecret' } });
    const log = lines.join('');
    expect(log).toContain('/login/first-admin/?token=[redacted]');
    expect(log).not.toContain(token);
    expect(log).not.toContain('hd_supersecret');
  } finally {
    await app.close();
    await hd.close();
  }
});

it('logs a signed file link without its signature, and an intake switched off as a refusal, not an error with a stack', async () => {
  const { hd, app, lines } = await loggedApp();
  try {
    await app.inject({ method: 'GET', url: '/files/nothing-here/mailed?expires=1900000000&signature=5ec7e75167a7' });
    await updateSettings(hd.ctx, { tickets: { intake_enabled: false } });
    const refused = await app.inject({ method: 'POST', url: '/api/helpdesk/v1/tickets/', payload: ticketPayload() });
    expect(refused.statusCode).toBe(503);
    const entries = lines.map((line) => JSON.parse(line) as { level: number; msg: string; err?: unknown; code?: string });
    expect(lines.join('')).toContain('signature=[redacted]');
    expect(lines.join('')).not.toContain('5ec7e75167a7');
    const refusal = entries.find((e) => e.code === 'INTAKE_OFFLINE');
    expect(refusal).toMatchObject({ level: 30, msg: expect.stringMatching(/^refused: .*not taking tickets/) });
    expect(refusal?.err).toBeUndefined();
    expect(entries.filter((e) => e.level >= 50)).toEqual([]);
  } finally {
    await app.close();
    await hd.close();
  }
});

it('logs one line per request at info, with its method, address and status, and the line at arrival only at debug', async () => {
  const { hd, app, lines } = await loggedApp();
  try {
    await app.inject({ method: 'GET', url: '/healthz' });
    const entries = lines.map((line) => JSON.parse(line) as { msg: string; req?: object; res?: object; responseTime?: number });
    expect(entries.map((entry) => entry.msg)).toEqual(['request completed']);
    expect(entries[0]).toMatchObject({ req: { method: 'GET', url: '/healthz' }, res: { statusCode: 200 } });
    expect(typeof entries[0]?.responseTime).toBe('number');
    lines.length = 0;
    app.log.level = 'debug';
    await app.inject({ method: 'GET', url: '/healthz' });
    expect(lines.map((line) => (JSON.parse(line) as { msg: string }).msg)).toEqual(['incoming request', 'request completed']);
  } finally {
    await app.close();
    await hd.close();
  }
});
