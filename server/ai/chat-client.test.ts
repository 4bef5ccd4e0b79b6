import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/load-config.js';
import { createHooks, HookUsageError } from '../hooks/create-hooks.js';
import { type FakeAiBackend, startFakeAiBackend } from '../test/fake-ai-backend.js';
import { freePort } from '../test/smtp-sink.js';
import { requestChatCompletion } from './chat-client.js';
import { DEFAULT_CLOUD_SITE, helpdeskCloudSiteUrl } from './cloud-site.js';

describe('helpdeskCloudSiteUrl', () => {
  it('reads the HELPDESK_CLOUD_SITE constant, else the built-in default', () => {
    expect(helpdeskCloudSiteUrl({ constants: { HELPDESK_CLOUD_SITE: 'https://ai.example.com/' } })).toBe('https://ai.example.com');
    expect(helpdeskCloudSiteUrl({ constants: {} })).toBe(DEFAULT_CLOUD_SITE);
    expect(helpdeskCloudSiteUrl({ constants: { HELPDESK_CLOUD_SITE: '  ' } })).toBe(DEFAULT_CLOUD_SITE);
  });

  it('takes HELPDESK_CLOUD_SITE from the environment as loaded at start', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'helpdesk-cloud-'));
    expect(helpdeskCloudSiteUrl(await loadConfig({ HELPDESK_CLOUD_SITE: 'https://ai.example.net' }, cwd))).toBe('https://ai.example.net');
    expect(helpdeskCloudSiteUrl(await loadConfig({}, cwd))).toBe(DEFAULT_CLOUD_SITE);
  });

  it('cannot be changed by a filter: helpdesk_cloud_site_url, helpdesk_rag_site_url and helpdesk_ai_upgrade_url do not exist', () => {
    const hooks = createHooks() as unknown as { addFilter: (...a: unknown[]) => void };
    for (const name of ['helpdesk_cloud_site_url', 'helpdesk_rag_site_url', 'helpdesk_ai_upgrade_url']) {
      expect(() => hooks.addFilter(name, 'acme/ai', (url: unknown) => url)).toThrow(HookUsageError);
      expect(() => hooks.addFilter(name, 'acme/ai', (url: unknown) => url)).toThrow(new RegExp(`Unknown filter "${name}"`));
    }
  });
});

describe('requestChatCompletion against a local OpenAI-compatible server', () => {
  let backend: FakeAiBackend;
  beforeAll(async () => {
    backend = await startFakeAiBackend();
  });
  afterAll(async () => {
    await backend.close();
  });
  const ask = (timeoutMs = 2000) =>
    requestChatCompletion({
      baseUrl: backend.url,
      apiKey: 'sk-test',
      model: 'test-model',
      messages: [{ role: 'user', content: 'Hi' }],
      timeoutMs,
    });

  it('posts {model, messages} with the Bearer key and reads choices[0].message.content', async () => {
    backend.mode = 'up';
    backend.answer = (body) => `echo: ${body.messages[0]?.content}`;
    expect(await ask()).toEqual({ ok: true, content: 'echo: Hi' });
    const last = backend.requests.at(-1);
    expect(last?.authorization).toBe('Bearer sk-test');
    expect(last?.body).toEqual({ model: 'test-model', messages: [{ role: 'user', content: 'Hi' }] });
  });

  it('a slow backend is a timeout, not a hang', async () => {
    backend.mode = 'slow';
    expect(await ask(200)).toMatchObject({ ok: false, reason: 'timeout' });
  });

  it('garbage is a bad response', async () => {
    backend.mode = 'garbage';
    expect(await ask()).toMatchObject({ ok: false, reason: 'bad_response' });
    backend.mode = 'up';
    backend.answer = () => '';
    expect(await ask()).toMatchObject({ ok: false, reason: 'bad_response' });
  });

  it('429 is rate_limited with Retry-After; 5xx is an http error', async () => {
    backend.mode = 'rate_limited';
    expect(await ask()).toMatchObject({ ok: false, reason: 'rate_limited', status: 429, retryAfterSeconds: 7 });
    backend.mode = 'error';
    expect(await ask()).toMatchObject({ ok: false, reason: 'http_error', status: 500 });
  });

  it('a backend that is down is unreachable', async () => {
    const port = await freePort();
    const result = await requestChatCompletion({
      baseUrl: `http://127.0.0.1:${port}`,
      apiKey: 'k',
      model: 'm',
      messages: [],
      timeoutMs: 2000,
    });
    expect(result).toMatchObject({ ok: false, reason: 'unreachable' });
  });
});
