import { Type } from '@sinclair/typebox';
import { DOCS_SUGGEST_DEFAULT, DOCS_SUGGEST_MAX } from '../../../../common/limits.js';
import { problemResponses } from '../shared.schema.js';

/** The query of GET /docs/suggest. */
export const DocSuggestQuery = Type.Object({
  q: Type.String({
    minLength: 3,
    maxLength: 200,
    format: 'single-line',
    description: 'What the visitor typed (subject or description), 3 to 200 characters on one line; the last word may be unfinished.',
  }),
  lang: Type.Optional(
    Type.String({
      maxLength: 35,
      description:
        'The visitor’s language (a BCP 47 tag: `de`, `de-AT`): docs written in it come first, then those in the site’s ' +
        'language; none, or one no doc is in, gives the site’s.',
    }),
  ),
  limit: Type.Integer({ minimum: 1, maximum: DOCS_SUGGEST_MAX, default: DOCS_SUGGEST_DEFAULT, description: 'How many docs at most' }),
  answer: Type.Boolean({
    default: false,
    description:
      'Also ask the AI backend for a short answer grounded in the suggested docs (`answer` in the reply) when one is ' +
      'configured. Off by default: an answer takes seconds, so a widget asks for the docs at once and for the answer ' +
      'once the visitor pauses. At most 10 answers per address and minute; beyond that the docs come alone.',
  }),
});

export const DocSuggestion = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  snippet: Type.String({ description: 'Plain text (never HTML) around the first matched word, to be shown escaped' }),
  link: Type.String({ description: 'The doc on the help site' }),
});

export const DocSuggestAnswer = Type.Object(
  {
    text: Type.String({ description: 'Plain text (Markdown links allowed) written by the AI backend from the suggested docs only' }),
    sources: Type.Array(Type.Integer(), { description: 'The ids of the suggested docs the answer was written from' }),
  },
  { description: 'Present only when the AI backend is configured and answered' },
);

export const docSuggestResponse = {
  200: Type.Object({
    suggestions: Type.Array(DocSuggestion, { description: 'Best match first; empty when nothing matches' }),
    answer: Type.Optional(DocSuggestAnswer),
  }),
  ...problemResponses(400, 429),
};

export const DocArticleParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });

export const docArticleResponse = {
  200: Type.Object({
    id: Type.Integer(),
    title: Type.String({ description: 'Plain text' }),
    html: Type.String({
      description:
        'The doc’s Markdown rendered and sanitised on the server: allow-listed tags only, no script, style or event ' +
        'attribute, links http(s) or mailto only, each with target="_blank" and rel="noopener noreferrer nofollow"',
    }),
    link: Type.String({ description: 'The doc on the help site' }),
  }),
  ...problemResponses(400, 404, 429),
};
