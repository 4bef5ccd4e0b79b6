import { markdownToText, renderMarkdownToHtml } from '../../common/render-markdown.js';
import { escapeHtml } from './escape-html.js';

/** Values of the template placeholders (`##name##`). */
export type MailValues = Partial<
  Record<'client_name' | 'ticket_title' | 'ticket_id' | 'ticket_link' | 'site_name' | 'site_link' | 'reply_text', string>
>;

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const PLACEHOLDER = /##([a-z_]+)##/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this removes.
const HEADER_BREAKERS = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]+/g;

export interface RenderMailOptions {
  /** Values written in Markdown (an agent's reply): rendered HTML in the HTML part, readable text in the text part. */
  markdownValues?: ReadonlyArray<keyof MailValues>;
}

const lineBreaks = (html: string) => html.replace(/\r?\n/g, '<br>\n');

/**
 * Fills a subject and a plain-text body template. The HTML part is built from the same text: the
 * template and every value are escaped, so a name like `<script>` stays text; the link becomes an anchor.
 */
export function renderMail(
  subjectTemplate: string,
  bodyTemplate: string,
  values: MailValues,
  options: RenderMailOptions = {},
): RenderedMail {
  const lookup = (name: string) => (values as Record<string, string | undefined>)[name];
  const isMarkdown = (name: string) => (options.markdownValues as readonly string[] | undefined)?.includes(name) ?? false;
  // Line breaks (and any other control character) in a value must not start new header lines. Input
  // is refused with them already; this holds for values stored before that rule, and for templates.
  const subject = subjectTemplate
    .replace(PLACEHOLDER, (whole, name) => lookup(name) ?? whole)
    .replace(HEADER_BREAKERS, ' ')
    .trim();
  const text = bodyTemplate.replace(PLACEHOLDER, (whole, name) => {
    const value = lookup(name);
    if (value === undefined) return whole;
    return isMarkdown(name) ? markdownToText(value) : value;
  });

  const htmlBody = bodyTemplate
    .split(PLACEHOLDER)
    .map((part, index) => {
      // split() with a capture group alternates literal text (even) and placeholder names (odd).
      if (index % 2 === 0) return lineBreaks(escapeHtml(part));
      const value = lookup(part);
      if (value === undefined) return escapeHtml(`##${part}##`);
      if (part === 'ticket_link' || part === 'site_link') return `<a href="${escapeHtml(value)}">${escapeHtml(value)}</a>`;
      // The one Markdown renderer and sanitiser, as on the help site: allow-listed tags, http/https/mailto links.
      if (isMarkdown(part)) return `<div>${renderMarkdownToHtml(value)}</div>`;
      return lineBreaks(escapeHtml(value));
    })
    .join('');
  const html =
    `<!doctype html><html><head><meta ` +
    `charset="utf-8"><title>${escapeHtml(subject)}</title></head><body ` +
    `style="font-family:sans-serif;line-height:1.5">${htmlBody}</body></html>`;
  return { subject, text, html };
}
