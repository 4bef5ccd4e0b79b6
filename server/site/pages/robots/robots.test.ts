import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/test-databases.js';
import { useTestHelpdesk } from '../../../test/test-helpdesk.js';
import type { FrontRequest } from '../../front-request.js';

/** The rules of a robots.txt, as `field: value` pairs in order. */
const rules = (text: string) =>
  text
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('#'))
    .map((line) => line.split(':').map((part) => part.trim()) as [string, string]);

describeEachDatabase('GET /robots.txt', (dialect) => {
  const seen: string[] = [];
  const hd = useTestHelpdesk(dialect, {
    plugins: [
      (hooks) =>
        hooks.addAction('template_redirect', 'test/robots-spy', (request: FrontRequest) => {
          if (request.queryVars.helpdesk_robots) seen.push(request.path);
        }),
    ],
  });

  it('lets crawlers index the help site and its docs, never the admin app, the API, sign-in, tickets or rating links', async () => {
    const res = await hd.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const list = rules(res.body);
    expect(list[0]).toEqual(['User-agent', '*']);
    const disallowed = list.filter(([field]) => field === 'Disallow').map(([, value]) => value);
    expect(disallowed).toEqual(['/admin/', '/api/', '/login/', '/tickets/', '/rating/']);
    expect(list).toContainEqual(['Allow', '/']);
    // Nothing disallowed covers the docs.
    expect(disallowed.some((path) => '/docs/some-doc/'.startsWith(path))).toBe(false);
    // Through the front router: a site's template_redirect sees it (and could answer it itself).
    expect(seen).toEqual(['robots.txt']);
  });

  it('is a file, not a page: no slash is added, HEAD answers too', async () => {
    expect((await hd.app.inject({ method: 'HEAD', url: '/robots.txt' })).statusCode).toBe(200);
    expect((await hd.app.inject({ method: 'GET', url: '/robots.txt/' })).statusCode).toBe(404);
  });
});

describeEachDatabase('GET /robots.txt under a path prefix', (dialect) => {
  const hd = useTestHelpdesk(dialect, { homeUrl: 'https://example.com/help' });

  it('names the prefix in every rule', async () => {
    const res = await hd.app.inject({ method: 'GET', url: '/help/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Disallow: /help/admin/\n');
    expect(res.body).toContain('Allow: /help/\n');
  });
});
