// The article's HTML comes sanitised from the help desk; it is still rebuilt here element by element from an
// allow-list (parsed inert by DOMParser, never assigned as markup), so a widget on someone else's page adds no
// script, style, form or frame whatever the server sent.

const TAGS = new Set(
  (
    'p br hr h1 h2 h3 h4 h5 h6 ul ol li strong b em i u s del code pre blockquote a ' +
    'table thead tbody tr th td span div kbd sub sup dl dt dd img figure figcaption'
  ).split(' '),
);
const SAFE_URL = /^(https?:|mailto:)/i;
/** Elements whose content is no text to read: dropped whole. */
const DROP = new Set('script style template noscript iframe object embed svg math textarea select button'.split(' '));

/** The article's HTML as nodes the widget can append: allow-listed tags and attributes, links opened in a new tab. */
export function articleNodes(html: string, base: string): Node[] {
  let doc: Document;
  try {
    doc = new DOMParser().parseFromString(html, 'text/html');
  } catch {
    // A page enforcing Trusted Types refuses plain strings to DOMParser: the article's text then, unformatted.
    return [
      document.createTextNode(
        html
          .replace(/<[^>]*>/g, ' ')
          .replace(/\s+/g, ' ')
          .trim(),
      ),
    ];
  }
  return Array.from(doc.body.childNodes, (node) => copy(node, base)).filter((n): n is Node => n !== null);
}

function copy(node: Node, base: string): Node | null {
  if (node.nodeType === Node.TEXT_NODE) return document.createTextNode(node.textContent ?? '');
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const from = node as Element;
  const tag = from.tagName.toLowerCase();
  if (DROP.has(tag)) return null;
  const children = Array.from(from.childNodes, (child) => copy(child, base)).filter((n): n is Node => n !== null);
  // An unknown element keeps its text, not itself.
  if (!TAGS.has(tag)) {
    const fragment = document.createDocumentFragment();
    fragment.append(...children);
    return fragment;
  }
  // Headings inside the article sit below the dialog's h2 and the article's h3.
  const el = document.createElement(/^h[1-6]$/.test(tag) ? 'h4' : tag);
  const url = (name: string) => {
    const value = from.getAttribute(name);
    if (!value) return undefined;
    try {
      const absolute = new URL(value, base).href;
      return SAFE_URL.test(absolute) ? absolute : undefined;
    } catch {
      return undefined;
    }
  };
  if (tag === 'a') {
    const href = url('href');
    if (href) {
      el.setAttribute('href', href);
      el.setAttribute('target', '_blank');
      el.setAttribute('rel', 'noopener noreferrer nofollow');
    }
  }
  if (tag === 'img') {
    const src = url('src');
    if (src) el.setAttribute('src', src);
    el.setAttribute('alt', from.getAttribute('alt') ?? '');
  }
  for (const name of ['colspan', 'rowspan', 'start', 'dir', 'lang'])
    if (from.hasAttribute(name)) el.setAttribute(name, from.getAttribute(name) ?? '');
  el.append(...children);
  return el;
}
