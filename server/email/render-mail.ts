import { brandTextColor, DEFAULT_BRAND_COLOR, readableTextOn, safeBrandColor } from '../../common/brand-color.js';
import { formatSize } from '../../common/format-size.js';
import { unlinkableText } from '../../common/unlinkable-text.js';
import { markdown } from '../markdown/load-markdown.js';
import { escapeHtml } from './escape-html.js';
import type { MailedFile } from './mail-files.js';
import { REPLY_MARKER } from './reply-marker.js';

/** Values of the template placeholders (`##name##`). */
export type MailValues = Partial<
  Record<
    | 'client_name'
    | 'ticket_title'
    | 'ticket_id'
    | 'ticket_link'
    | 'site_name'
    | 'site_link'
    | 'admin_link'
    | 'reply_text'
    | 'rating_yes_link'
    | 'rating_no_link',
    string
  >
>;

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** How the HTML part is dressed; the text part is the template as filled. */
export interface RenderOptions {
  /**
   * `reply_text` is staff-written Markdown (rendered by the one renderer and sanitiser, as on the help site); otherwise
   * it is a client's words, shown as plain text.
   */
  markdownReply?: boolean;
  /** The words on the link's button. */
  linkLabel?: string;
  /** Starts the mail with the "reply above this line" marker (mails whose replies land in the ticket). */
  replyMarker?: boolean;
  /** The message's files, listed after the body: attached, or each with its signed link. */
  files?: readonly MailedFile[];
  /** The owner's colour (buttons, links) and logo (the HTML part's header); absent, the default colour and no logo. */
  brand?: MailBrand;
}

/** How a site looks in its mails. */
export interface MailBrand {
  /** `#rrggbb`; anything else is replaced by the default (it is owner input printed into style attributes). */
  color: string;
  /** An absolute http(s) address of the logo (mail clients block images sent as data); anything else shows none. */
  logoUrl?: string;
  /** The logo's alt text, read by whoever sees no images. */
  siteName: string;
}

const PLACEHOLDER = /##([a-z_]+)##/g;
// What a template may write right after an address placeholder (`##site_link##admin/`): path characters,
// never a last full stop or comma (the end of the sentence).
const LINK_TAIL = /^[\w\-.~/?#=&%+]*[\w\-~/#=&%+]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this removes.
const HEADER_BREAKERS = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]+/g;

/**
 * Fills a subject and a plain-text body template. The HTML part is built from the same text: the
 * template and every value are escaped, so a name like `<script>` stays text; the link becomes an anchor.
 */
export function renderMail(subjectTemplate: string, bodyTemplate: string, values: MailValues, options: RenderOptions = {}): RenderedMail {
  const color = safeBrandColor(options.brand?.color ?? DEFAULT_BRAND_COLOR);
  // Links are text on the white mail: a pale brand colour would not read there, so they keep the default.
  const linkStyle = `color:${brandTextColor(color, '#ffffff', DEFAULT_BRAND_COLOR)}`;
  const lookup = (name: string) => (values as Record<string, string | undefined>)[name];
  // Line breaks (and any other control character) in a value must not start new header lines. Input
  // is refused with them already; this holds for values stored before that rule, and for templates.
  const subject = subjectTemplate
    .replace(PLACEHOLDER, (whole, name) => lookup(name) ?? whole)
    .replace(HEADER_BREAKERS, ' ')
    .trim();
  const filled = bodyTemplate.replace(PLACEHOLDER, (whole, name) => {
    const value = lookup(name);
    if (value === undefined) return whole;
    // The text part reads as plain words: `**bold**` becomes bold, links keep their address.
    return name === 'reply_text' && options.markdownReply ? markdown().markdownToText(value) : value;
  });
  const marked = options.replyMarker ? `${REPLY_MARKER}\n\n${filled}` : filled;
  const text = options.files?.length ? `${marked}\n\n${filesAsText(options.files)}` : marked;

  const parts = bodyTemplate.split(PLACEHOLDER);
  const htmlBody = parts
    .map((part, index) => {
      // split() with a capture group alternates literal text (even) and placeholder names (odd).
      if (index % 2 === 0) return escapeHtml(part);
      const value = lookup(part);
      if (value === undefined) return escapeHtml(`##${part}##`);
      if (part === 'ticket_link') return button(value, options.linkLabel ?? 'Open the link', color);
      // Empty in a reply that asks nothing: no button without a link.
      if (part === 'rating_yes_link') return value ? button(value, 'Yes, solved', color) : '';
      if (part === 'rating_no_link') return value ? button(value, 'No, not yet', color) : '';
      if (part === 'site_link' || part === 'admin_link') {
        // A path written after the address belongs to the link: the whole address is clickable, not only the host.
        // map() reads each part when it gets there, so the path taken here is not shown twice.
        const tail = LINK_TAIL.exec(parts[index + 1] ?? '')?.[0] ?? '';
        parts[index + 1] = (parts[index + 1] ?? '').slice(tail.length);
        return `<a href="${escapeHtml(value + tail)}" style="${linkStyle}">${escapeHtml(value + tail)}</a>`;
      }
      // Markdown makes its own blocks; a marker keeps them apart from the line breaks below.
      if (part === 'reply_text' && options.markdownReply) return `\u0000${markdown().renderMarkdownToHtml(value)}\u0000`;
      return escapeHtml(value);
    })
    .join('')
    .split('\u0000')
    .map((piece, index) => (index % 2 === 1 ? piece : piece.replace(/\r?\n/g, '<br>\n')))
    .join('');
  const marker = options.replyMarker ? `<p style="color:#888;font-size:12px">${escapeHtml(REPLY_MARKER)}</p>\n` : '';
  const html =
    `<!doctype html><html><head><meta ` +
    `charset="utf-8"><title>${escapeHtml(subject)}</title></head><body ` +
    `style="font-family:sans-serif;line-height:1.5">${marker}${header(color, options.brand)}${htmlBody}` +
    `${options.files?.length ? filesAsHtml(options.files, linkStyle) : ''}</body></html>`;
  return { subject, text, html };
}

// A table cell carries the colour: the one button shape every mail client (Outlook included) draws. The label is
// black or white, whichever reads on the colour (WCAG contrast).
function button(href: string, label: string, color: string): string {
  return (
    '<table role="presentation" cellspacing="0" cellpadding="0" style="margin:12px 0"><tr>' +
    `<td style="background:${color};border-radius:6px;padding:10px 18px">` +
    `<a href="${escapeHtml(href)}"><span ` +
    `style="color:${readableTextOn(color)};font-weight:bold;text-decoration:none">${escapeHtml(label)}</span></a>` +
    '</td></tr></table>'
  );
}

// The logo by its absolute address on the help site: mail programs block data: and inline images without a word,
// and an address is all a client loads (or not, by its own choice, showing the site's name instead).
function header(color: string, brand: MailBrand | undefined): string {
  const rule = `<div style="border-top:4px solid ${color};margin:0 0 16px"></div>`;
  if (!brand?.logoUrl || !isWebAddress(brand.logoUrl)) return rule;
  return (
    `${rule}<p style="margin:0 0 16px"><img src="${escapeHtml(brand.logoUrl)}" alt="${escapeHtml(brand.siteName)}" ` +
    'height="48" style="height:48px;width:auto;max-width:240px;border:0"></p>\n'
  );
}

function isWebAddress(value: string): boolean {
  try {
    const { protocol } = new URL(value);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

// A date people read, the same in every time zone the mail reaches (the link's expiry is UTC).
const expiryDate = (at: Date) => at.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

function filesHeading(files: readonly MailedFile[]): string {
  return files.every((file) => file.link === null)
    ? `Attached ${files.length === 1 ? 'file' : 'files'}:`
    : `${files.length === 1 ? 'A file' : 'Files'} to download (too large to attach):`;
}

// A sender chose the names: shown, never a link of their own (`www.evil.com.png`), as with names and subjects.
function filesAsText(files: readonly MailedFile[]): string {
  const lines = files.map((file) =>
    file.link
      ? `- ${unlinkableText(file.name)} (${formatSize(file.size)}): ${file.link.url} (works until ${expiryDate(file.link.expiresAt)})`
      : `- ${unlinkableText(file.name)} (${formatSize(file.size)})`,
  );
  return [filesHeading(files), ...lines].join('\n');
}

function filesAsHtml(files: readonly MailedFile[], linkStyle: string): string {
  const items = files.map((file) => {
    const size = `<span style="color:#666">(${escapeHtml(formatSize(file.size))})</span>`;
    const name = escapeHtml(unlinkableText(file.name));
    if (!file.link) return `<li>${name} ${size}</li>`;
    const until = `<span style="color:#666">works until ${escapeHtml(expiryDate(file.link.expiresAt))}</span>`;
    return `<li><a href="${escapeHtml(file.link.url)}" style="${linkStyle}">${name}</a> ${size}, ${until}</li>`;
  });
  return `\n<p>${escapeHtml(filesHeading(files))}</p>\n<ul>${items.join('')}</ul>`;
}
