import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';

// The one Markdown renderer of the helpdesk (help site, mail, admin preview). Raw HTML in the text is
// never HTML: markdown-it runs with `html: false`, so it comes out escaped; the allow-list sanitiser
// then drops anything the renderer should not have made, a second wall if a plugin or update slips.

/** Link protocols that may become links; anything else (javascript:, data:, vbscript:, //host) stays text. */
export const MARKDOWN_LINK_SCHEMES = ['http', 'https', 'mailto'] as const;

const SAFE_LINK = /^(https?:\/\/|mailto:)/i;

const markdown = new MarkdownIt({ html: false, linkify: true, breaks: true, typographer: false });
markdown.validateLink = (url: string) => SAFE_LINK.test(url.trim());

const ALLOWED_TAGS = [
  'p',
  'br',
  'strong',
  'em',
  's',
  'code',
  'pre',
  'blockquote',
  'ul',
  'ol',
  'li',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'a',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
];

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  // No style attributes (table alignment): the help site's CSP refuses inline styles anyway.
  allowedAttributes: { a: ['href', 'rel'], ol: ['start'] },
  allowedSchemes: [...MARKDOWN_LINK_SCHEMES],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'escape',
  // Quotes in text are harmless, but escaped they can never close an attribute a template wraps around the result.
  textFilter: (text) => text.replace(/"/g, '&quot;').replace(/'/g, '&#39;'),
  // Every link leaves the site: the reader's page is not handed to it, and search engines get no vote.
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow' }) },
};

/** Markdown → HTML that is safe to put in a page or a mail as is (allow-listed tags, http/https/mailto links). */
export function renderMarkdownToHtml(text: string): string {
  return sanitizeHtml(markdown.render(text), SANITIZE);
}

// Shown inside another site's page (the widget's article view): a link followed in place would replace the
// visitor's page (or the widget's frame), so every link opens a new tab, still without handing it the opener.
const SANITIZE_NEW_TAB: sanitizeHtml.IOptions = {
  ...SANITIZE,
  allowedAttributes: { a: ['href', 'rel', 'target'], ol: ['start'] },
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow', target: '_blank' }) },
};

/** renderMarkdownToHtml for a page embedded in another site's: the same, links opening in a new tab. */
export function renderMarkdownToEmbeddedHtml(text: string): string {
  return sanitizeHtml(markdown.render(text), SANITIZE_NEW_TAB);
}

/** Markdown → readable plain text (the mail's text part, previews): marks dropped, links as "text (url)". */
export function markdownToText(text: string): string {
  const html = markdown.render(text);
  const withBreaks = html
    .replace(/>\n/g, '>')
    .replace(/<a href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/g, (_m, href: string, inner: string) => {
      const url = decodeEntities(href);
      const label = decodeEntities(inner.replace(/<[^>]*>/g, ''));
      return label === url || `mailto:${label}` === url ? label : `${label} (${url})`;
    })
    .replace(/<li>/g, '- ')
    .replace(/<br\s*\/?>/g, '\n')
    .replace(/<\/(p|h[1-6]|blockquote|pre|ul|ol|table)>/g, '\n\n')
    .replace(/<\/(li|tr)>/g, '\n')
    .replace(/<\/(th|td)>/g, '\t')
    .replace(/<hr\s*\/?>/g, '\n---\n')
    .replace(/<[^>]*>/g, '');
  return decodeEntities(withBreaks)
    .replace(/\t\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

function decodeEntities(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&#x([0-9a-f]+);/gi, (_m, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_m, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&amp;/g, '&');
}
