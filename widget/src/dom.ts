type Attrs = Record<string, string | boolean | number | undefined>;

/** Creates an element with attributes and children; text goes in as text nodes, never as HTML. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value !== undefined && value !== false) el.setAttribute(name, value === true ? '' : String(value));
  }
  el.append(...children);
  return el;
}
