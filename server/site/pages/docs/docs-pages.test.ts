import { beforeAll, describe, expect, it } from 'vitest';
import type { Post } from '../../../domain/content/post-types.js';
import { expectInertHtml, XSS_PAYLOADS } from '../../../test/attack-corpus.js';
import { createDoc, createProduct } from '../../../test/factories.js';
import { describeEachDatabase } from '../../../test/test-databases.js';
import { useTestHelpdesk } from '../../../test/test-helpdesk.js';

describeEachDatabase('help site docs pages', (dialect) => {
  const hd = useTestHelpdesk(dialect);

  describe('the home page and the docs pages, over a product with one doc and a doc of no product', () => {
    let product: Post;
    beforeAll(async () => {
      product = await createProduct(hd, { title: 'Storefront' });
      await createDoc(hd, { title: 'Install the <app>', content: 'Step one.\n\nStep <two>.', product: product.id });
      await createDoc(hd, { title: 'Billing basics', content: 'Invoices arrive monthly.' });
    });

    it('home links to the docs search, a new ticket, my tickets and each product’s docs', async () => {
      const home = await hd.app.inject({ method: 'GET', url: '/' });
      expect(home.body).toContain('action="http://help.test/docs/"');
      expect(home.body).toContain('href="http://help.test/tickets/new/"');
      expect(home.body).toContain('href="http://help.test/tickets/"');
      expect(home.body).toContain(`href="http://help.test/docs/product/${product.slug}/"`);
    });

    it('the docs index lists every doc, titles escaped, in the theme', async () => {
      const index = await hd.app.inject({ method: 'GET', url: '/docs/' });
      expect(index.statusCode).toBe(200);
      expect(index.body).toContain('Install the &lt;app&gt;');
      expect(index.body).toContain('Billing basics');
      expect(index.body).toContain('class="site-nav"');
    });

    it('a doc page, linked from the index, shows its escaped content and links its product', async () => {
      const index = await hd.app.inject({ method: 'GET', url: '/docs/' });
      const slug = /href="http:\/\/help\.test\/docs\/([^/"]+)\/">Install/.exec(index.body)?.[1];
      const doc = await hd.app.inject({ method: 'GET', url: `/docs/${slug}/` });
      expect(doc.statusCode).toBe(200);
      expect(doc.body).toContain('Step &lt;two&gt;.');
      expect(doc.body).toContain('>Storefront</a>');
    });

    it('a product’s docs page lists its docs only', async () => {
      const perProduct = await hd.app.inject({ method: 'GET', url: `/docs/product/${product.slug}/` });
      expect(perProduct.body).toContain('Storefront documentation');
      expect(perProduct.body).toContain('Install the &lt;app&gt;');
      expect(perProduct.body).not.toContain('Billing basics');
    });

    it('a docs search lists the docs whose text matches', async () => {
      const search = await hd.app.inject({ method: 'GET', url: '/docs/?s=invoices' });
      expect(search.body).toContain('Billing basics');
      expect(search.body).not.toContain('Install the');
    });

    it('a missing doc or product is a 404', async () => {
      expect((await hd.app.inject({ method: 'GET', url: '/docs/no-such-doc/' })).statusCode).toBe(404);
      expect((await hd.app.inject({ method: 'GET', url: '/docs/product/nope/' })).statusCode).toBe(404);
    });

    it('a malformed escape in the address is refused (Fastify’s 400), never a crash', async () => {
      expect((await hd.app.inject({ method: 'GET', url: '/docs/%zz/' })).statusCode).toBe(400);
    });
  });

  it('a doc page renders its Markdown (headings, bold, lists, links) and keeps raw HTML and the XSS corpus inert', async () => {
    const content = `## Set up\n\nClick **Save**, then:\n\n- one\n- [the guide](https://example.com/g)\n\n${XSS_PAYLOADS.join('\n\n')}`;
    const doc = await createDoc(hd, { title: 'Markdown doc', content });
    const page = await hd.app.inject({ method: 'GET', url: `/docs/${doc.slug}/` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<h2>Set up</h2>');
    expect(page.body).toContain('<strong>Save</strong>');
    expect(page.body).toContain('<li><a href="https://example.com/g" rel="noopener noreferrer nofollow">the guide</a></li>');
    expect(page.body).not.toContain('**Save**');
    expectInertHtml(page.body, 'doc page');
  });

  it("a product's page opens with its description; pages carry a meta description", async () => {
    const product = await createProduct(hd, { title: 'Gadget', content: 'The **Gadget** app for <your> phone.' });
    const page = await hd.app.inject({ method: 'GET', url: `/docs/product/${product.slug}/` });
    expect(page.body).toContain('<strong>Gadget</strong> app for &lt;your&gt; phone.');
    expect(page.body).toContain('<meta name="description" content="The Gadget app for &lt;your&gt; phone."/>');
    const home = await hd.app.inject({ method: 'GET', url: '/' });
    expect(home.body).toMatch(/<meta name="description" content="[^"]+"\/>/);
    expect(home.body).toContain('<link rel="icon" href="http://help.test/content/theme/favicon.svg" type="image/svg+xml"/>');
  });
});
