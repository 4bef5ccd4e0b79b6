import { Writable } from 'node:stream';
import { expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { issueFirstAdminLink } from '../domain/first-admin.js';
import { createTestHelpdesk } from '../test/test-helpdesk.js';
import { loggerOptions, redactUrl } from './log-serializers.js';

it('removes secrets from logged URLs', () => {
  expect(redactUrl('/login/first-admin/?token=abc123&x=1')).toBe('/login/first-admin/?token=[redacted]&x=1');
  expect(redactUrl('/docs/?count=5')).toBe('/docs/?count=5');
});

it('request logs carry neither the Authorization header nor a sign-in token', async () => {
  const hd = await createTestHelpdesk('sqlite');
  const lines: string[] = [];
  const stream = new Writable({ write: (chunk, _encoding, done) => (lines.push(String(chunk)), done()) });
  const app = await buildApp({ config: hd.config, ctx: hd.ctx, logger: loggerOptions('info', stream) });
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
