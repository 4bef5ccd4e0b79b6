import { beforeAll, expect, it } from 'vitest';
import { createPost } from '../domain/content/create-post.js';
import { makeProduct } from '../test/fixtures.js';
import { describeEachDatabase } from '../test/test-databases.js';
import { useTestHelpdesk } from '../test/test-helpdesk.js';

// The public read routes take text into queries. SQL metacharacters must be plain text (Kysely binds
// every value; scripts/sqlmap.sh probes the same routes with sqlmap), and a NUL byte — which
// PostgreSQL refuses in text — must be a client error, never a 500.

const SQL_PROBES = [
  "' OR '1'='1",
  "' OR 1=1 --",
  '") OR 1=1 --',
  "'; DROP TABLE posts; --",
  '%',
  '_',
  '\\',
  "1' UNION SELECT email FROM users --",
];

describeEachDatabase('attacks: query injection and NUL bytes on the public reads', (dialect) => {
  const hd = useTestHelpdesk(dialect);
  beforeAll(async () => {
    const product = await makeProduct(hd.ctx, 'Widget Pro');
    await createPost(
      hd.ctx,
      'doc',
      { title: 'Install the widget', content: 'Put the script tag on your page.', product: product.id },
      null,
    );
  });

  it('SQL metacharacters in search and slugs match nothing and change nothing', async () => {
    for (const probe of SQL_PROBES) {
      const q = encodeURIComponent(probe);
      const api = await hd.app.inject({ method: 'GET', url: `/api/helpdesk/v1/docs/?search=${q}` });
      expect(api.statusCode, probe).toBe(200);
      expect(api.json(), probe).toEqual([]);
      const bySlug = await hd.app.inject({ method: 'GET', url: `/api/helpdesk/v1/docs/product/${q}/` });
      expect(bySlug.statusCode, probe).toBe(404);
      const page = await hd.app.inject({ method: 'GET', url: `/docs/?s=${q}` });
      expect(page.statusCode, probe).toBe(200);
      expect(page.body, probe).not.toContain('Install the widget');
    }
    const all = await hd.app.inject({ method: 'GET', url: '/api/helpdesk/v1/docs/' });
    expect((all.json() as unknown[]).length).toBe(1);
    expect(
      Number(
        (
          await hd.ctx.db
            .selectFrom('users')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBe(0);
  });

  it('a NUL byte in a query, a path or a body is a 4xx on both databases, never a 500', async () => {
    const gets = [
      '/api/helpdesk/v1/docs/?search=a%00b',
      '/api/helpdesk/v1/docs/product/a%00b/',
      '/docs/?s=a%00b',
      '/docs/a%00b/',
      '/docs/product/a%00b/',
      '/login/ticket/?token=a%00b',
      '/tickets/?ticket=1%00',
    ];
    for (const url of gets) {
      const res = await hd.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(200);
      expect(res.statusCode, url).toBeLessThan(500);
    }
    const search = await hd.app.inject({ method: 'GET', url: '/api/helpdesk/v1/docs/?search=a%00b' });
    expect(search.statusCode).toBe(400);
    expect(search.json().errors[0].field).toBe('search');
    const ticket = await hd.app.inject({
      method: 'POST',
      url: '/api/helpdesk/v1/tickets/',
      payload: { name: 'Ann', email: 'ann@client.test', subject: 'S', description: 'a\u0000b' },
    });
    expect(ticket.statusCode).toBe(400);
    expect(ticket.json().errors[0].field).toBe('description');
  });
});
