import { brandTextColor, DEFAULT_BRAND_COLOR, readableTextOn, safeBrandColor } from '../../common/brand-color.js';
import type { Translator } from '../../common/i18n/translator.js';
import { unlinkableText } from '../../common/unlinkable-text.js';
import { english } from '../i18n/translators.js';
import { markdown } from '../markdown/load-markdown.js';
import { escapeHtml } from './escape-html.js';
import type { MailedFile } from './mail-files.js';
import { replyMarker } from './reply-marker.js';

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
  /** The recipient's language (its words, `lang` and direction) and time zone; English in UTC when absent. */
  translator?: Translator;
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
  const tr = options.translator ?? english;
  const rtl = tr.dir === 'rtl';
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
  const marker = replyMarker(tr);
  const marked = options.replyMarker ? `${marker}\n\n${filled}` : filled;
  const plain = options.files?.length ? `${marked}\n\n${filesAsText(options.files, tr)}` : marked;
  const text = rtl ? rightToLeftLines(plain) : plain;

  const parts = bodyTemplate.split(PLACEHOLDER);
  const htmlBody = parts
    .map((part, index) => {
      // split() with a capture group alternates literal text (even) and placeholder names (odd).
      if (index % 2 === 0) return escapeHtml(part);
      const value = lookup(part);
      if (value === undefined) return escapeHtml(`##${part}##`);
      if (part === 'ticket_link') return button(value, options.linkLabel ?? tr.t('mail.button.openLink'), color, tr.dir);
      // Empty in a reply that asks nothing: no button without a link.
      if (part === 'rating_yes_link') return value ? button(value, tr.t('mail.rating.yesButton'), color, tr.dir) : '';
      if (part === 'rating_no_link') return value ? button(value, tr.t('mail.rating.noButton'), color, tr.dir) : '';
      if (part === 'site_link' || part === 'admin_link') {
        // A path written after the address belongs to the link: the whole address is clickable, not only the host.
        // map() reads each part when it gets there, so the path taken here is not shown twice.
        const tail = LINK_TAIL.exec(parts[index + 1] ?? '')?.[0] ?? '';
        parts[index + 1] = (parts[index + 1] ?? '').slice(tail.length);
        // An address reads left to right inside an Arabic sentence too.
        const ltr = rtl ? ' dir="ltr"' : '';
        return `<a href="${escapeHtml(value + tail)}"${ltr} style="${linkStyle}">${escapeHtml(value + tail)}</a>`;
      }
      // Markdown makes its own blocks; a marker keeps them apart from the line breaks below. The reply is the
      // agent's words, in whatever language they wrote: its direction is its own (dir="auto").
      if (part === 'reply_text' && options.markdownReply)
        return `\u0000<div dir="auto">${markdown().renderMarkdownToHtml(value)}</div>\u0000`;
      return isolated(part, value, rtl);
    })
    .join('')
    .split('\u0000')
    .map((piece, index) => (index % 2 === 1 ? piece : piece.replace(/\r?\n/g, '<br>\n')))
    .join('')
    // A button is a block of its own: the line break after it would add an empty line.
    .replaceAll('</table><br>\n', '</table>\n');
  // Outlook (Word's renderer) ignores `text-align: start` and `dir` on <html>: each block says its side itself.
  const align = rtl ? 'right' : 'left';
  const block = `dir="${tr.dir}" align="${align}" style="text-align:${align}"`;
  const markerHtml = options.replyMarker ? `<p ${block.slice(0, -1)};color:#888;font-size:12px">${escapeHtml(marker)}</p>\n` : '';
  const html =
    `<!doctype html><html lang="${tr.language}" dir="${tr.dir}"><head><meta ` +
    `charset="utf-8"><title>${escapeHtml(subject)}</title></head><body dir="${tr.dir}" ` +
    `style="margin:0;font-family:sans-serif;line-height:1.5">` +
    `<table role="presentation" dir="${tr.dir}" width="100%" cellspacing="0" cellpadding="0" border="0"><tr>` +
    `<td ${block.slice(0, -1)};padding:8px;font-family:sans-serif;line-height:1.5">` +
    `${markerHtml}${header(color, options.brand)}<div ${block}>${htmlBody}</div>` +
    `${options.files?.length ? filesAsHtml(options.files, linkStyle, tr) : ''}</td></tr></table></body></html>`;
  return { subject, text, html };
}

// Values that read left to right whatever the language (a ticket number, a link, an address), and the words people
// chose (a name, a title: Latin inside Arabic or Arabic inside English). `<bdi>` is dropped by some mail clients; a
// span with `dir` is kept by all of them.
const LEFT_TO_RIGHT_VALUES = new Set(['ticket_id', 'ticket_link', 'site_link', 'admin_link', 'rating_yes_link', 'rating_no_link']);
const RIGHT_TO_LEFT_LETTERS = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/;

function isolated(name: string, value: string, rtl: boolean): string {
  const escaped = escapeHtml(value);
  if (LEFT_TO_RIGHT_VALUES.has(name)) return rtl ? `<span dir="ltr">${escaped}</span>` : escaped;
  return rtl || RIGHT_TO_LEFT_LETTERS.test(value) ? `<span dir="auto">${escaped}</span>` : escaped;
}

/**
 * A plain-text part in a right-to-left language. Text has no `dir`: Apple Mail, Gmail's apps and Thunderbird pick
 * each paragraph's direction from its first strong letter, so a line that starts with a name, a link or `#12` would
 * read left to right, aligned left, in the middle of an Arabic mail. The right-to-left mark (U+200F, invisible) at
 * the start of each line makes every paragraph right to left; a link after it still reads and works as a link.
 */
function rightToLeftLines(text: string): string {
  return text
    .split('\n')
    .map((line) => (line.trim() === '' ? line : `\u200F${line}`))
    .join('\n');
}

// A table cell carries the colour: the one button shape every mail client (Outlook included) draws. The label is
// black or white, whichever reads on the colour (WCAG contrast).
function button(href: string, label: string, color: string, dir: 'ltr' | 'rtl'): string {
  return (
    `<table role="presentation" dir="${dir}" cellspacing="0" cellpadding="0" style="margin:12px 0"><tr>` +
    `<td style="background:${color};border-radius:6px;padding:10px 18px">` +
    // The anchor's own underline and colour would show through the label's in Gmail and Outlook: none on the anchor.
    `<a href="${escapeHtml(href)}" style="color:${readableTextOn(color)};text-decoration:none"><span ` +
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

// A date and time in the reader's language and own zone (else the site's): when a file link stops working.
const expiryDate = (at: Date, tr: Translator) => tr.dateTime(at, { dateStyle: 'long', timeStyle: 'short' });

// Bytes, KB or MB (of 1,024), with the reader's digits and decimal sign.
function fileSize(bytes: number, tr: Translator): string {
  if (bytes < 1024) return tr.t('mail.files.bytes', { count: bytes });
  if (bytes < 1024 * 1024) return tr.t('mail.files.kilobytes', { size: tr.number(Math.round(bytes / 1024)) });
  return tr.t('mail.files.megabytes', { size: tr.number(Math.round((bytes / 1024 / 1024) * 10) / 10) });
}

function filesHeading(files: readonly MailedFile[], tr: Translator): string {
  const count = files.length;
  return files.every((file) => file.link === null) ? tr.t('mail.files.attached', { count }) : tr.t('mail.files.linked', { count });
}

// A sender chose the names: shown, never a link of their own (`www.evil.com.png`), as with names and subjects.
function filesAsText(files: readonly MailedFile[], tr: Translator): string {
  const lines = files.map((file) =>
    file.link
      ? `- ${unlinkableText(file.name)} (${fileSize(file.size, tr)}): ${file.link.url} ` +
        `(${tr.t('mail.files.worksUntil', { date: expiryDate(file.link.expiresAt, tr) })})`
      : `- ${unlinkableText(file.name)} (${fileSize(file.size, tr)})`,
  );
  return [filesHeading(files, tr), ...lines].join('\n');
}

function filesAsHtml(files: readonly MailedFile[], linkStyle: string, tr: Translator): string {
  const items = files.map((file) => {
    const size = `<span style="color:#666">(${escapeHtml(fileSize(file.size, tr))})</span>`;
    // A file's name is the sender's, in its own direction.
    const name = isolated('file_name', unlinkableText(file.name), tr.dir === 'rtl');
    if (!file.link) return `<li>${name} ${size}</li>`;
    const worksUntil = tr.t('mail.files.worksUntil', { date: expiryDate(file.link.expiresAt, tr) });
    const until = `<span style="color:#666">${escapeHtml(worksUntil)}</span>`;
    // Arabic separates with its own comma.
    const comma = tr.dir === 'rtl' ? '،' : ',';
    return `<li><a href="${escapeHtml(file.link.url)}" style="${linkStyle}">${name}</a> ${size}${comma} ${until}</li>`;
  });
  // Outlook indents a list by its margin on the left whatever the direction: the side is set by hand.
  const side = tr.dir === 'rtl' ? 'margin:0 24px 0 0;padding:0' : 'margin:0 0 0 24px;padding:0';
  const align = tr.dir === 'rtl' ? 'right' : 'left';
  return (
    `\n<p dir="${tr.dir}" align="${align}" style="text-align:${align}">${escapeHtml(filesHeading(files, tr))}</p>\n` +
    `<ul dir="${tr.dir}" style="${side}">${items.join('')}</ul>`
  );
}
