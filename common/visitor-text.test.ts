import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { markdownToText, renderMarkdownToHtml } from './render-markdown.js';
import { unlinkableText } from './unlinkable-text.js';
import { visitorTextInMarkdown } from './visitor-text.js';

// What a reader sees of rendered HTML: its text, entities read back, whitespace as the browser folds it.
const seen = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
const MARKDOWN_SHAPES = [...' \t-=+#>*_`[]()<>!~|&.:/@1)\\x'];
const folded = (text: string) => text.replace(/\s+/g, ' ').trim();

describe('visitorTextInMarkdown', () => {
  it('leaves an ordinary name and subject as typed', () => {
    expect(visitorTextInMarkdown('Ann-Marie O’Neil')).toBe('Ann-Marie O’Neil');
    expect(visitorTextInMarkdown("Can't sign in, 2 days now?")).toBe("Can't sign in, 2 days now?");
  });

  it('never makes a link or Markdown of names an attacker chooses', () => {
    for (const name of [
      'evil.test',
      'http://evil.test/x',
      '[Reset](https://evil.test)',
      '<https://evil.test>',
      'root@evil.test',
      'www.evil.test',
      '**Urgent** # 1',
      '- item',
      '![x](https://evil.test/p.png)',
    ]) {
      const html = renderMarkdownToHtml(`Hello ${visitorTextInMarkdown(name)},\n\n${visitorTextInMarkdown(name)}`);
      expect(html, name).not.toMatch(/<(a|img|strong|em|h\d|ul|li|code)\b/);
      expect(seen(html), name).toBe(folded(`Hello ${unlinkableText(name)}, ${unlinkableText(name)}`));
    }
  });

  it('reads back exactly the words, never a tag or link, for any text (rendered and as mail text)', () => {
    fc.assert(
      // Any text, and text made only of the characters Markdown and link finders react to.
      fc.property(
        fc.oneof(fc.string({ maxLength: 80 }), fc.string({ unit: fc.constantFrom(...MARKDOWN_SHAPES), maxLength: 24 })),
        (value) => {
          const text = visitorTextInMarkdown(value);
          const html = renderMarkdownToHtml(`Hi ${text} and\n${text}`);
          expect(html).not.toMatch(/<(?!\/?(p|br)\b)/);
          expect(seen(html)).toBe(folded(`Hi ${unlinkableText(value)} and ${unlinkableText(value)}`));
          expect(folded(markdownToText(text))).toBe(folded(unlinkableText(value)));
        },
      ),
      { numRuns: 2_000 },
    );
  });
});
