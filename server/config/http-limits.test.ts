import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_HTTP_LIMITS } from './http-limits.js';
import { type ConfigError, loadConfig } from './load-config.js';

const cwd = () => mkdtempSync(join(tmpdir(), 'helpdesk-http-limits-'));

describe('HELPDESK_HTTP_* settings', () => {
  it('defaults to 10 s headers, 10 s body silence, 30 s per request, 10 s keep-alive and 64 connections per address', async () => {
    expect((await loadConfig({}, cwd())).httpLimits).toEqual(DEFAULT_HTTP_LIMITS);
    expect(DEFAULT_HTTP_LIMITS).toEqual({
      headersTimeoutMs: 10_000,
      bodyTimeoutMs: 10_000,
      requestTimeoutMs: 30_000,
      keepAliveTimeoutMs: 10_000,
      maxConnectionsPerAddress: 64,
    });
  });

  it('takes each from the environment, 0 turning the connection cap off', async () => {
    const config = await loadConfig(
      {
        HELPDESK_HTTP_HEADERS_TIMEOUT_MS: '5000',
        HELPDESK_HTTP_BODY_TIMEOUT_MS: '7000',
        HELPDESK_HTTP_REQUEST_TIMEOUT_MS: '60000',
        HELPDESK_HTTP_KEEP_ALIVE_TIMEOUT_MS: '4000',
        HELPDESK_HTTP_MAX_CONNECTIONS_PER_ADDRESS: '0',
      },
      cwd(),
    );
    expect(config.httpLimits).toEqual({
      headersTimeoutMs: 5000,
      bodyTimeoutMs: 7000,
      requestTimeoutMs: 60_000,
      keepAliveTimeoutMs: 4000,
      maxConnectionsPerAddress: 0,
    });
  });

  it('refuses bad values with a sentence naming the variable, all at once', async () => {
    const error = (await loadConfig(
      { HELPDESK_HTTP_BODY_TIMEOUT_MS: 'soon', HELPDESK_HTTP_MAX_CONNECTIONS_PER_ADDRESS: '-1', HELPDESK_HTTP_HEADERS_TIMEOUT_MS: '50' },
      cwd(),
    ).catch((e) => e)) as ConfigError;
    expect(error.problems).toEqual([
      expect.stringContaining('HELPDESK_HTTP_HEADERS_TIMEOUT_MS must be a whole number'),
      expect.stringContaining('HELPDESK_HTTP_BODY_TIMEOUT_MS must be a whole number'),
      expect.stringContaining('HELPDESK_HTTP_MAX_CONNECTIONS_PER_ADDRESS must be a whole number'),
    ]);
    const inverted = (await loadConfig({ HELPDESK_HTTP_HEADERS_TIMEOUT_MS: '40000' }, cwd()).catch((e) => e)) as ConfigError;
    expect(inverted.problems).toEqual([expect.stringContaining('must not be longer than HELPDESK_HTTP_REQUEST_TIMEOUT_MS')]);
  });
});
