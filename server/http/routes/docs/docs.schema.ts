import { Type } from '@sinclair/typebox';
import { DOCS_DEFAULT_COUNT } from '../../../../common/limits.js';
import { postWriteBodies } from '../posts/posts.schema.js';
import { problemResponses } from '../shared.schema.js';

export const DocsQuery = Type.Object({
  count: Type.Integer({
    minimum: 1,
    default: DOCS_DEFAULT_COUNT,
    description: 'Docs per page; values above the ceiling (100 by default) are clamped to it.',
  }),
  page: Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 }),
  search: Type.Optional(
    Type.String({ maxLength: 200, format: 'single-line', description: 'Full-text search; results come best match first.' }),
  ),
});

/** The product whose docs GET /docs/product/{slug} lists. */
export const ProductSlugParams = Type.Object({ slug: Type.String({ minLength: 1, maxLength: 200, format: 'single-line' }) });

export const DocSummary = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  slug: Type.String(),
  excerpt: Type.String(),
  link: Type.String(),
  product: Type.Union([Type.Integer(), Type.Null()]),
  modified: Type.String(),
});

export const docsListResponse = {
  200: { ...Type.Array(DocSummary), description: 'Headers X-Total-Count and X-Per-Page give the paging.' },
  ...problemResponses(400, 404),
};

/** A doc is titled and may belong to a product. */
export const DocWriteBodies = postWriteBodies('title', {
  product: Type.Optional(Type.Union([Type.Integer({ minimum: 1 }), Type.Null()])),
  language: Type.Optional(
    Type.Union([Type.String({ pattern: '^[a-z]{2,3}$', description: 'The language the doc is written in (`de`)' }), Type.Null()], {
      description: 'The language the doc is written in, as a primary subtag (`de`); null (the default) is the site’s language.',
    }),
  ),
});
