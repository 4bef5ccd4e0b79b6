import type { Config } from '../../../config/config-types.js';
import { listDocs } from '../../../domain/content/list-docs.js';
import { getPosts } from '../../../domain/content/post.js';
import type { Post } from '../../../domain/content/post-types.js';
import type { DomainContext } from '../../../domain/context.js';
import { AppError } from '../../../errors.js';
import { renderPage } from '../../shared/render-page.js';
import { layoutProps, sendNotFound } from '../../shared/site-page.js';
import type { SiteTemplate } from '../../site-template.js';
import { DocPage, DocsIndexPage } from './docs-pages.js';

const PER_PAGE = 20;

/** /docs/ (search with ?s=), /docs/product/{slug}/ and /docs/{slug}/, read through the one post getter. */
export function docsTemplate(ctx: DomainContext, config: Config): SiteTemplate {
  return {
    claims: (vars) => vars.helpdesk_docs !== undefined,
    async render(front, reply) {
      const { layout, vars } = { layout: await layoutProps(ctx, config, reply.request, reply), vars: front.queryVars };
      const html = (markup: Parameters<typeof renderPage>[0]) =>
        reply
          .header('cache-control', reply.request.siteUser ? 'private, no-store' : 'no-cache')
          .type('text/html; charset=utf-8')
          .send(renderPage(markup));

      if (vars.helpdesk_docs === 'doc') {
        const [doc] = await getPosts(ctx, { type: 'doc', status: 'publish', slug: vars.helpdesk_doc_slug, limit: 1 });
        if (!doc) return sendNotFound(ctx, config, reply);
        const [product] = doc.productId ? await getPosts(ctx, { type: 'product', status: 'publish', ids: [doc.productId] }) : [];
        return html(DocPage({ layout, doc, product }));
      }

      const search = (front.query.get('s') ?? '').trim().slice(0, 200);
      const pageParam = Number(front.query.get('page') ?? 1);
      const page = Number.isInteger(pageParam) && pageParam >= 1 && pageParam <= 10_000 ? pageParam : 1;
      let product: Post | undefined;
      if (vars.helpdesk_docs === 'product') {
        [product] = await getPosts(ctx, { type: 'product', status: 'publish', slug: vars.helpdesk_doc_slug, limit: 1 });
        if (!product) return sendNotFound(ctx, config, reply);
      }
      try {
        const result = await listDocs(ctx, { count: PER_PAGE, page, search: search || undefined, productSlug: product?.slug });
        return html(DocsIndexPage({ layout, docs: result.docs, total: result.total, page, perPage: result.perPage, search, product }));
      } catch (error) {
        if (error instanceof AppError && error.code === 'NOT_FOUND') return sendNotFound(ctx, config, reply);
        throw error;
      }
    },
  };
}
