import { expect } from 'vitest';

/**
 * Classic XSS and template-injection payloads, each one line and at most 100 characters so it fits
 * every field (the order id is the shortest). Used by the vitest attack suite and the Playwright spec.
 */
export const XSS_PAYLOADS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '"><script>alert(1)</script>',
  "'><img src=x onerror=alert(1)>",
  '</textarea><script>alert(1)</script>',
  '</title><script>alert(1)</script>',
  '<iframe src="javascript:alert(1)"></iframe>',
  'javascript:alert(1)',
  '[click me](javascript:alert(1))',
  '<a href="javascript:alert(1)">click me</a>',
  '<body onload=alert(1)>',
  '<details open ontoggle=alert(1)>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<object data="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">',
  '<base href="https://evil.test/">',
  '<meta http-equiv="refresh" content="0;url=https://evil.test/">',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template literal someone hopes is evaluated.
  '${alert(1)} `${7*7}`',
  '{{constructor.constructor("alert(1)")()}}',
  '##client_name## ##ticket_link## ##reply_text##',
  '\\u003cscript\\u003ealert(1)\\u003c/script\\u003e',
  '&lt;script&gt;alert(1)&lt;/script&gt;',
] as const;

/** Addresses that must be refused (400 naming `email`) and never reach SMTP. */
export const TRICKY_EMAILS: Array<[label: string, address: string]> = [
  ['CR/LF with a Bcc header', 'a@b.test\r\nBcc: victim@evil.test'],
  ['LF alone', 'a@b.test\nTo: victim@evil.test'],
  ['a comment', 'a(comment)@b.test'],
  ['a quoted local part', '"a b"@c.test'],
  ['a quoted local part with an @', '"a@evil.test"@c.test'],
  ['a list with a comma', 'a@b.test, victim@evil.test'],
  ['a list with a semicolon', 'a@b.test; victim@evil.test'],
  ['a display name', 'Name <a@b.test>'],
  ['angle brackets only', '<a@b.test>'],
  ['a Cyrillic look-alike letter', 'аnn@b.test'],
  ['a Cyrillic look-alike in the domain', 'ann@exаmple.com'],
  ['a fullwidth at sign', 'a＠b.test'],
  ['a zero-width space', 'a\u200B@b.test'],
  ['a zero-width joiner in the domain', 'a@b\u200D.test'],
  ['a right-to-left override', 'a\u202E@b.test'],
  ['a Unicode (not punycode) domain', 'a@müller.de'],
  ['broken punycode', 'a@xn--zz.test'],
  ['an IP literal', 'a@[127.0.0.1]'],
  ['two at signs', 'a@b@c.test'],
  ['a dotless domain', 'a@localhost'],
  ['a leading dot', '.a@b.test'],
  ['consecutive dots', 'a..b@c.test'],
  ['a NUL byte', 'a\u0000@b.test'],
  ['a tab', 'a\t@b.test'],
  ['a 255-character address', `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(57)}.test`],
  ['a 65-character local part', `${'a'.repeat(65)}@b.test`],
];

/** Addresses that must still be accepted. */
export const GOOD_EMAILS = [
  'ann@example.com',
  "Ann.O'Brien+tag@Example.COM",
  'a@xn--mller-kva.de',
  'x_y-z@sub.domain.example.org',
  'a@b.xn--p1ai',
];

// A start tag: its name and attribute text, quoted values kept whole.
const TAG = /<([a-zA-Z][\w:-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/g;
const ATTRIBUTE = /([^\s=/>"']+)(?:\s*=\s*("[^"]*"|'[^']*'|[^\s>]+))?/g;
// Elements no user text may ever create on these pages or mails.
/**
 * `<script src="http://help.test/content/theme/name.js" defer>`: the help site's own enhancement scripts, on
 * the test site's own origin (help.test or a loopback port).
 */
const THEME_SCRIPT =
  /^\s+src="http:\/\/(help\.test|127\.0\.0\.1:\d+|localhost:\d+)(\/[\w-]+)*\/content\/theme\/[\w-]+\.js"(\s+defer(="")?)?\s*$/;

const FORBIDDEN_TAGS = new Set([
  'script',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'svg',
  'math',
  'img',
  'style',
  'base',
  'details',
  'video',
  'audio',
  'template',
]);
const URL_ATTRIBUTES = new Set(['href', 'src', 'action', 'formaction', 'data', 'xlink:href', 'poster', 'background']);

function decodeEntities(value: string): string {
  return value
    .replace(/&#x([0-9a-f]+);?/gi, (_m, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&#(\d+);?/g, (_m, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&quot;/g, '"')
    .replace(/&apos;|&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/**
 * Asserts that an HTML document holds no markup a payload could have made: no script-capable element,
 * no event-handler attribute, no javascript:/data:/vbscript: URL, no meta refresh, one <body> at most,
 * and no payload that contains markup appearing unescaped.
 */
export function expectInertHtml(html: string, where: string, payloads: readonly string[] = XSS_PAYLOADS): void {
  let bodies = 0;
  for (const [, rawName, attributes] of html.matchAll(TAG)) {
    const name = (rawName ?? '').toLowerCase();
    // The pages' own scripts are files of the theme (src only, no inline code); no payload can make one.
    const themeScript = name === 'script' && THEME_SCRIPT.test(attributes ?? '');
    expect(FORBIDDEN_TAGS.has(name) && !themeScript, `${where}: a <${name}> element`).toBe(false);
    if (name === 'body') bodies += 1;
    for (const [, rawAttr, rawValue] of (attributes ?? '').matchAll(ATTRIBUTE)) {
      const attr = (rawAttr ?? '').toLowerCase();
      const value = decodeEntities((rawValue ?? '').replace(/^["']|["']$/g, ''));
      expect(attr.startsWith('on'), `${where}: <${name} ${attr}=…>`).toBe(false);
      if (name === 'meta') expect(attr, `${where}: <meta http-equiv>`).not.toBe('http-equiv');
      if (URL_ATTRIBUTES.has(attr)) {
        // biome-ignore lint/suspicious/noControlCharactersInRegex: browsers ignore these inside a URL scheme.
        const compact = value.replace(/[\s\u0000-\u001F]+/g, '').toLowerCase();
        expect(/^(javascript|data|vbscript):/.test(compact), `${where}: <${name} ${attr}="${value}">`).toBe(false);
      }
    }
  }
  expect(bodies, `${where}: <body> count`).toBeLessThanOrEqual(1);
  for (const payload of payloads) {
    if (/[<>"']/.test(payload)) expect(html.includes(payload), `${where}: raw ${payload}`).toBe(false);
  }
}
