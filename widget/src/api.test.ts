import { afterEach, describe, expect, it, vi } from 'vitest';
import de from '../../common/i18n/locales/de/widget.json' with { type: 'json' };
import en from '../../common/i18n/locales/en/widget.json' with { type: 'json' };
import { classify, fetchChoices, fetchForm, parseRetryAfter, submitTicket } from './api.js';
import { newIdempotencyKey } from './idempotency-key.js';
import { t, useTexts, waitText } from './messages.js';

/** A catalogue as the widget holds it: keys without `widget.` (esbuild-options.mjs strips it in the bundle). */
const englishWidgetTexts = (language: 'en' | 'de' = 'en'): Record<string, string> =>
  Object.fromEntries(Object.entries(language === 'de' ? de : en).map(([key, text]) => [key.slice('widget.'.length), text]));

const home = 'https://help.example';
const json = (status: number, body: unknown, headers: Record<string, string> = {}): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('classify', () => {
  it('201 and 200 (idempotent replay) are a filed ticket', () => {
    expect(classify(201, { id: 7, number: 2, status: 'open' }, null)).toEqual({ kind: 'filed', number: 2 });
    expect(classify(200, { id: 7, number: 2, status: 'open' }, null)).toEqual({ kind: 'filed', number: 2 });
    expect(classify(201, { id: 7, status: 'open' }, null)).toEqual({ kind: 'filed', number: 7 });
  });

  it('202 (the help desk hides whether the email has an account) is a received submission, shown as success', () => {
    expect(classify(202, { received: true }, null)).toEqual({ kind: 'received' });
    const words = `${t('thanks')} ${t('received', { email: 'ann@example.com' })}`;
    expect(words).toMatch(/^Thanks! Your request was received.*ann@example\.com/);
    expect(words).not.toMatch(/#|account/);
  });

  it('a 2xx without an id is treated as unreachable so the user can retry with the same key', () => {
    expect(classify(201, undefined, null)).toEqual({ kind: 'unreachable' });
  });

  it('400 maps problem errors to fields, using the pointer when field is missing', () => {
    const problem = {
      type: 'about:blank',
      title: 'Invalid',
      status: 400,
      detail: 'The ticket has errors.',
      code: 'VALIDATION_FAILED',
      errors: [
        { field: 'email', pointer: '#/email', detail: 'must be a valid email address' },
        { pointer: '#/subject', detail: 'is required' },
        { field: 'x' },
      ],
    };
    expect(classify(400, problem, null)).toEqual({
      kind: 'invalid',
      detail: 'The ticket has errors.',
      errors: [
        { field: 'email', detail: 'must be a valid email address' },
        { field: 'subject', detail: 'is required' },
      ],
    });
  });

  it('403 REGISTRATION_CLOSED is "closed"; another 403 is a plain rejection', () => {
    expect(classify(403, { code: 'REGISTRATION_CLOSED', detail: 'x' }, null)).toEqual({ kind: 'closed' });
    expect(classify(403, { code: 'FORBIDDEN', detail: 'Nope.' }, null)).toEqual({
      kind: 'rejected',
    });
  });

  it('429 reads Retry-After when exposed', () => {
    expect(classify(429, {}, '120')).toEqual({ kind: 'limited', retryAfterSeconds: 120 });
    expect(classify(429, {}, null)).toEqual({ kind: 'limited', retryAfterSeconds: undefined });
  });

  it("503 INTAKE_OFFLINE is a rejection with the server's words, not a retry", () => {
    expect(classify(503, { code: 'INTAKE_OFFLINE', detail: 'Not taking tickets right now.' }, null)).toEqual({
      kind: 'offline',
    });
  });

  it('5xx and 408 are unreachable (retryable)', () => {
    expect(classify(500, { detail: 'boom' }, null)).toEqual({ kind: 'unreachable' });
    expect(classify(503, undefined, null)).toEqual({ kind: 'unreachable' });
    expect(classify(408, undefined, null)).toEqual({ kind: 'unreachable' });
  });
});

describe('parseRetryAfter and the 429 message', () => {
  it('reads seconds and HTTP dates', () => {
    const now = Date.parse('2030-01-01T00:00:00Z');
    expect(parseRetryAfter('90', now)).toBe(90);
    expect(parseRetryAfter('Tue, 01 Jan 2030 00:05:00 GMT', now)).toBe(300);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });

  it('words the wait in minutes, or "a little while" when unknown', () => {
    useTexts('en', englishWidgetTexts());
    expect(waitText(120)).toBe('Too many requests — please try again in 2 minutes.');
    expect(waitText(61)).toBe('Too many requests — please try again in 2 minutes.');
    expect(waitText(5)).toBe('Too many requests — please try again in 1 minute.');
    expect(waitText(undefined)).toBe('Too many requests — please try again in a little while.');
    useTexts('de', englishWidgetTexts('de'));
    expect(waitText(60)).toBe('Zu viele Anfragen – bitte versuchen Sie es in 1 Minute erneut.');
    useTexts('en', englishWidgetTexts());
  });
});

describe('submitTicket', () => {
  it('posts form-encoded without credentials to {home}/api/helpdesk/v1/tickets/', async () => {
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => json(201, { id: 3, number: 1, status: 'open' }));
    vi.stubGlobal('fetch', fetchMock);
    const body = new URLSearchParams({ name: 'Ann', idempotency_key: 'k' });
    await expect(submitTicket(home, body)).resolves.toEqual({ kind: 'filed', number: 1 });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('https://help.example/api/helpdesk/v1/tickets/');
    expect(init).toMatchObject({ method: 'POST', body, credentials: 'omit' });
    expect(init?.headers).toBeUndefined();
  });

  it('a network error is unreachable', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(submitTicket(home, new URLSearchParams())).resolves.toEqual({ kind: 'unreachable' });
  });

  it('gives up after the timeout by aborting the request', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new Error('aborted')))),
    );
    const pending = submitTicket(home, new URLSearchParams(), 15_000);
    await vi.advanceTimersByTimeAsync(15_000);
    await expect(pending).resolves.toEqual({ kind: 'unreachable' });
  });
});

describe('fetchChoices', () => {
  it('keeps well-formed entries and hides the list on failure', async () => {
    vi.stubGlobal('fetch', async (url: string) => {
      if (url.endsWith('/tickets/products/')) return json(200, [{ id: 1, name: 'Shop', slug: 'shop' }, { id: 'x' }]);
      if (url.endsWith('/tickets/reasons/')) return json(500, { detail: 'boom' });
      throw new TypeError('Failed to fetch');
    });
    await expect(fetchChoices(home, 'products')).resolves.toEqual([{ id: 1, name: 'Shop', slug: 'shop' }]);
    await expect(fetchChoices(home, 'reasons')).resolves.toEqual([]);
    await expect(fetchChoices(home, 'urgencies')).resolves.toEqual([]);
  });
});

describe('fetchForm', () => {
  it("reads the owner's form without credentials; any failure is undefined (the fixed fields stay)", async () => {
    const definition = {
      site: { name: 'Acme', brand_color: '#aa3300' },
      fields: [{ name: 'custom_plan', label: 'Plan', type: 'select', required: true, builtin: false }, { name: 5 }],
    };
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => json(200, definition));
    vi.stubGlobal('fetch', fetchMock);
    await expect(fetchForm(home, '')).resolves.toEqual({ site: definition.site, fields: [definition.fields[0]] });
    // What a visitor may attach goes through as sent: the attachment code checks it.
    const attachments = { allowed: true, max_file_bytes: 10, max_files: 2, kinds: 'images' };
    vi.stubGlobal('fetch', async () => json(200, { ...definition, attachments }));
    await expect(fetchForm(home, '')).resolves.toMatchObject({ attachments });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('https://help.example/api/helpdesk/v1/tickets/form/');
    vi.stubGlobal('fetch', fetchMock);
    await fetchForm(home, 'de');
    expect(fetchMock.mock.calls[1]?.[0]).toBe('https://help.example/api/helpdesk/v1/tickets/form/?lang=de');
    expect(fetchMock.mock.calls[0]?.[1]).toEqual({ credentials: 'omit' });
    vi.stubGlobal('fetch', async () => json(404, { detail: 'no' }));
    await expect(fetchForm(home, '')).resolves.toBeUndefined();
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(fetchForm(home, '')).resolves.toBeUndefined();
  });
});

describe('newIdempotencyKey', () => {
  it('is a fresh UUID v4 each time', () => {
    const a = newIdempotencyKey();
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newIdempotencyKey()).not.toBe(a);
  });
});
