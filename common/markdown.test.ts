import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Markdown } from './markdown.js';

const render = (text: string) => renderToStaticMarkup(createElement(Markdown, { text }));

describe('Markdown (agents’ replies)', () => {
  it('renders the common subset', () => {
    expect(render('Hi **Ann**,\nsee *this* and `code`.\n\n- one\n- two\n\n1. first')).toBe(
      '<p>Hi <strong>Ann</strong>,<br/>see <em>this</em> and ' +
        '<code>code</code>.</p><ul><li>one</li><li>two</li></ul><ol><li>first</li></ol>',
    );
    expect(render('[Docs](https://example.com/a?b=1) or https://example.com')).toBe(
      '<p><a href="https://example.com/a?b=1" rel="noopener noreferrer ' +
        'nofollow">Docs</a> or <a href="https://example.com" rel="noopener ' +
        'noreferrer nofollow">https://example.com</a></p>',
    );
    expect(render('```\n<b>x</b>\n```')).toBe('<pre><code>&lt;b&gt;x&lt;/b&gt;</code></pre>');
  });

  it('keeps raw HTML as text and never links javascript: or data:', () => {
    const html = render('<img src=x onerror=alert(1)> <script>alert(1)</script>');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<script');
    expect(html).toContain('&lt;img');
    for (const url of ['javascript:alert(1)', 'JAVASCRIPT:alert(1)', 'data:text/html,x', 'vbscript:x', '//evil.test']) {
      expect(render(`[click](${url})`)).not.toContain('<a');
    }
    expect(render('[x](https://e.test/"onmouseover=alert(1))')).not.toContain('onmouseover=alert(1)"');
  });
});
