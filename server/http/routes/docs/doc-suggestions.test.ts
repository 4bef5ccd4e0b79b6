import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCS_ARTICLE_PER_ADDRESS_MINUTE, DOCS_SUGGEST_PER_ADDRESS_MINUTE } from '../../../../common/limits.js';
import { updateSiteOptions } from '../../../settings/site-options.js';
import { createDoc } from '../../../test/factories.js';
import { describeEachDatabase } from '../../../test/test-databases.js';
import { useTestHelpdesk } from '../../../test/test-helpdesk.js';

const SUGGEST = '/api/helpdesk/v1/docs/suggest';
type Suggestion = { id: number; title: string; snippet: string; link: string };

describeEachDatabase('widget doc suggestions and articles', (dialect) => {
  const hd = useTestHelpdesk(dialect);
  // Each case its own address, so that the per-address limit of one never refuses another.
  let address = 0;
  const nextAddress = () => `198.51.100.${++address}`;
  const suggest = (query: string, remoteAddress = nextAddress()) =>
    hd.app.inject({ method: 'GET', url: `${SUGGEST}?${query}`, remoteAddress });
  const ask = (q: string, extra = '', remoteAddress = nextAddress()) => suggest(`q=${encodeURIComponent(q)}${extra}`, remoteAddress);
  const titles = async (q: string, extra = '') => {
    const res = await ask(q, extra);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().suggestions as Suggestion[]).map((s) => s.title);
  };
  const article = (id: number | string, remoteAddress = nextAddress()) =>
    hd.app.inject({ method: 'GET', url: `/api/helpdesk/v1/docs/${id}/article`, remoteAddress });

  let reset: { id: number; slug: string };
  let hostile: { id: number };
  let draft: { id: number };
  beforeAll(async () => {
    reset = await createDoc(hd, {
      title: 'Reset your password',
      content: 'Forgot it? Use the **Forgot password** link on the [sign-in page](https://example.com/login). <b>A mail follows.</b>',
    });
    await createDoc(hd, { title: 'Change your email address', content: 'Open Profile and type the new address.' });
    draft = await createDoc(hd, { title: 'Password rules draft', content: 'Passwords need twelve characters.', status: 'draft' });
    await createDoc(hd, { title: 'Passwort zurücksetzen', content: 'Nutzen Sie den Link auf der Anmeldeseite: password.', language: 'de' });
    await createDoc(hd, { title: 'Réinitialiser le mot de passe', content: 'Utilisez le lien password.', language: 'fr' });
    hostile = await createDoc(hd, {
      title: 'Tricky <script>alert(1)</script> markup',
      content: [
        '<script>alert(1)</script>',
        '<img src=x onerror="alert(2)">',
        '[click me](javascript:alert(3)) and [data](data:text/html,<script>alert(4)</script>)',
        '<a href="https://evil.example" onclick="alert(5)">raw</a>',
        'A [safe link](https://example.com/help).',
      ].join('\n\n'),
    });
  });

  it('answers the contract: id, title, plain-text snippet and the help site link, best match first', async () => {
    const res = await ask('how do I reset my password');
    expect(res.statusCode).toBe(200);
    const [first] = res.json().suggestions as Suggestion[];
    expect(first).toEqual({
      id: reset.id,
      title: 'Reset your password',
      snippet: expect.stringContaining('Forgot password link on the sign-in page'),
      link: `${hd.config.homeUrl}/docs/${reset.slug}/`,
    });
    expect(res.json()).not.toHaveProperty('answer');
  });

  it('gives snippets as plain text, no markup from the doc', async () => {
    const res = await ask('password mail follows');
    const snippets = (res.json().suggestions as Suggestion[]).map((s) => s.snippet).join(' ');
    expect(snippets).toContain('A mail follows.');
    expect(snippets).not.toMatch(/[<>]|\*\*|\]\(/);
  });

  it('matches the last word while it is still being typed', async () => {
    expect(await titles('change my emai')).toEqual(['Change your email address']);
  });

  it('never suggests an unpublished doc', async () => {
    const res = await ask('password rules twelve characters', '&limit=5');
    expect((res.json().suggestions as Suggestion[]).map((s) => s.id)).not.toContain(draft.id);
  });

  it('puts docs in the visitor language first, then the site language, never a third language', async () => {
    expect(await titles('password', '&lang=de-AT&limit=5')).toEqual(['Passwort zurücksetzen', 'Reset your password']);
    expect(await titles('password', '&lang=it&limit=5')).toEqual(['Reset your password']);
    expect(await titles('password', '&limit=5')).toEqual(['Reset your password']);
  });

  it('falls back to the site language the owner chose', async () => {
    await updateSiteOptions(hd.ctx.db, { site_language: 'fr' });
    try {
      // Docs without a language are in the site's (now French); the German one is in a third language.
      expect(await titles('password', '&lang=es&limit=5')).toEqual(['Reset your password', 'Réinitialiser le mot de passe']);
    } finally {
      await updateSiteOptions(hd.ctx.db, { site_language: 'en' });
    }
  });

  it('survives search syntax, punctuation and any script without an error', async () => {
    for (const q of ['"unbalanced', 'NEAR(a b', 'a OR b AND', '*** ()', "'; drop table posts; --", 'x² ½ ٣ 你好世界', 'ﬁle: & | !']) {
      expect((await ask(q)).statusCode, q).toBe(200);
    }
  });

  it('suggests nothing for stop words alone', async () => {
    expect(await titles('how do I')).toEqual([]);
  });

  it.each([
    ['q=ab', 'q'],
    [`q=${'a'.repeat(201)}`, 'q'],
    ['q=reset%0Apassword', 'q'],
    ['', 'q'],
    ['q=password&limit=0', 'limit'],
    ['q=password&limit=6', 'limit'],
    ['q=password&limit=two', 'limit'],
  ])('refuses %s with a problem naming the field', async (query, field) => {
    const res = await suggest(query);
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json().errors[0].field).toBe(field);
  });

  it('limits suggestions per address, with Retry-After, other addresses unaffected', async () => {
    const busy = nextAddress();
    for (let i = 0; i < DOCS_SUGGEST_PER_ADDRESS_MINUTE; i++) expect((await ask('password', '', busy)).statusCode).toBe(200);
    const refused = await ask('password', '', busy);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await ask('password')).statusCode).toBe(200);
  });

  it('limits article reads per address', async () => {
    const busy = nextAddress();
    for (let i = 0; i < DOCS_ARTICLE_PER_ADDRESS_MINUTE; i++) expect((await article(reset.id, busy)).statusCode).toBe(200);
    expect((await article(reset.id, busy)).statusCode).toBe(429);
    expect((await article(reset.id)).statusCode).toBe(200);
  });

  it('renders an article as HTML with its links opening a new tab', async () => {
    const res = await article(reset.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: reset.id,
      title: 'Reset your password',
      html: expect.stringContaining('<strong>Forgot password</strong>'),
      link: `${hd.config.homeUrl}/docs/${reset.slug}/`,
    });
    expect(res.json().html).toContain(
      '<a href="https://example.com/login" rel="noopener noreferrer nofollow" target="_blank">sign-in page</a>',
    );
  });

  it('renders a hostile doc without scripts, event handlers or script links', async () => {
    const { html, title } = (await article(hostile.id)).json() as { html: string; title: string };
    // Written as text, the attempts are harmless: no tag but the allowed ones, no handler attribute, no other scheme.
    expect(html).not.toMatch(/<(script|img|iframe)|\son\w+\s*=\s*"|href="(?!https?:|mailto:)/i);
    expect(html).toContain('&lt;script&gt;');
    for (const tag of html.match(/<a [^>]*>/g) ?? []) {
      expect(tag).toContain('target="_blank"');
      expect(tag).toMatch(/rel="[^"]*noopener/);
    }
    expect(html).toContain('href="https://example.com/help"');
    // The title is data: the widget puts it in a text node.
    expect(title).toBe('Tricky <script>alert(1)</script> markup');
  });

  it('answers 404 for a draft or missing doc, 400 for an id that is not one', async () => {
    expect((await article(draft.id)).statusCode).toBe(404);
    expect((await article(999_999)).statusCode).toBe(404);
    expect((await article(999_999)).headers['content-type']).toContain('application/problem+json');
    const bad = await article('abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('id');
  });

  it('takes a doc language from the editors, refusing one that is not a language subtag', async () => {
    const headers = await hd.authAs('admin');
    const create = (language: unknown) =>
      hd.app.inject({ method: 'POST', url: '/api/helpdesk/v1/docs/', headers, payload: { title: 'Passwort vergessen', language } });
    expect((await create('german')).json().errors[0].field).toBe('language');
    const created = await create('de');
    expect(created.statusCode).toBe(201);
    expect(await titles('passwort vergessen', '&lang=de')).toContain('Passwort vergessen');
    const patched = await hd.app.inject({
      method: 'PATCH',
      url: `/api/helpdesk/v1/docs/${created.json().id}`,
      headers,
      payload: { language: 'fr' },
    });
    expect(patched.statusCode).toBe(200);
    expect(await titles('passwort vergessen', '&lang=de')).not.toContain('Passwort vergessen');
  });

  describe('over a real socket', () => {
    let base = '';
    beforeAll(async () => {
      base = await hd.app.listen({ port: 0, host: '127.0.0.1' });
    });
    afterAll(() => hd.app.close());
    const origin = 'https://shop.example';

    it('sends CORS headers for any origin without credentials on both routes, preflights included', async () => {
      for (const path of [`${SUGGEST}?q=password`, `/api/helpdesk/v1/docs/${reset.id}/article`]) {
        const res = await fetch(base + path, { headers: { origin, cookie: 'hd_session=whatever' } });
        expect(res.status, path).toBe(200);
        expect(res.headers.get('access-control-allow-origin'), path).toBe('*');
        expect(res.headers.get('access-control-allow-credentials'), path).toBeNull();
        const preflight = await fetch(base + path, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'GET' } });
        expect(preflight.headers.get('access-control-allow-origin'), path).toBe('*');
      }
    });

    it('sends no CORS headers on the docs management routes beside them', async () => {
      for (const [method, path] of [
        ['PATCH', `/api/helpdesk/v1/docs/${reset.id}`],
        ['DELETE', `/api/helpdesk/v1/docs/${reset.id}`],
        ['POST', '/api/helpdesk/v1/docs/'],
        ['POST', `/api/helpdesk/v1/docs/${reset.id}/article`],
      ] as const) {
        const preflight = await fetch(base + path, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': method } });
        expect(preflight.headers.get('access-control-allow-origin'), `${method} ${path}`).toBeNull();
        const res = await fetch(base + path, { method, headers: { origin } });
        expect(res.headers.get('access-control-allow-origin'), `${method} ${path}`).toBeNull();
      }
    });
  });
});
