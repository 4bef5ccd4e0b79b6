import { h } from '../dom.js';

/**
 * The AI's suggested answer (plain text with Markdown links) as paragraphs of text and links: only http(s) links
 * become anchors, opened in a new tab; everything else stays text.
 */
export function answerNodes(text: string): Node[] {
  return text
    .split(/\n\s*\n/)
    .filter((para) => para.trim())
    .map((para) => {
      const parts: Array<Node | string> = [];
      let last = 0;
      for (const m of para.matchAll(/\[([^\]]+)\]\((https?:\/\/[^\s)]+)\)/g)) {
        parts.push(para.slice(last, m.index), h('a', { href: m[2], target: '_blank', rel: 'noopener noreferrer nofollow' }, m[1] ?? ''));
        last = (m.index ?? 0) + m[0].length;
      }
      parts.push(para.slice(last));
      return h('p', {}, ...parts);
    });
}
