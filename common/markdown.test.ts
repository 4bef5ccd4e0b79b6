import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { expectInertHtml, XSS_PAYLOADS } from '../server/test/attack-corpus.js';
import { Markdown } from './markdown.js';
import { markdownToText, renderMarkdownToHtml } from './render-markdown.js';

const html = (text: string) => renderMarkdownToHtml(text).replace(/\n/g, '');

describe('renderMarkdownToHtml (the one renderer and sanitiser)', () => {
  it('renders headings, emphasis, lists, code, quotes and line breaks', () => {
    expect(html('## Setup\n\nHi **Ann**,\nsee *this* and `code`.\n\n- one\n- two\n\n1. first\n\n> quoted')).toBe(
      '<h2>Setup</h2><p>Hi <strong>Ann</strong>,<br />see <em>this</em> and <code>code</code>.</p>' +
        '<ul><li>one</li><li>two</li></ul><ol><li>first</li></ol><blockquote><p>quoted</p></blockquote>',
    );
    expect(html('```\n<b>x</b>\n```')).toBe('<pre><code>&lt;b&gt;x&lt;/b&gt;</code></pre>');
  });

  it('links http, https and mailto only, each with rel=noopener noreferrer nofollow', () => {
    expect(html('[Docs](https://example.com/a?b=1) or https://example.com')).toBe(
      '<p><a href="https://example.com/a?b=1" rel="noopener noreferrer nofollow">Docs</a> or ' +
        '<a href="https://example.com" rel="noopener noreferrer nofollow">https://example.com</a></p>',
    );
    expect(html('[write](mailto:ann@example.com)')).toContain('href="mailto:ann@example.com"');
    for (const url of [
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      ' javascript:alert(1)',
      'data:text/html,x',
      'vbscript:x',
      '//evil.test/x',
      'ftp://x.test/',
    ]) {
      expect(html(`[click](${url})`), url).not.toContain('<a');
    }
  });

  it('keeps raw HTML as text', () => {
    const out = html('<b>bold</b> <img src=x onerror=alert(1)>\n\n<script>alert(1)</script>');
    expect(out).toContain('&lt;b&gt;bold&lt;/b&gt;');
    expect(out).not.toContain('<img');
    expect(out).not.toContain('<script');
  });

  it('leaves every payload of the XSS corpus inert, alone and inside Markdown', () => {
    for (const payload of XSS_PAYLOADS) {
      expectInertHtml(renderMarkdownToHtml(payload), `alone: ${payload}`);
      expectInertHtml(
        renderMarkdownToHtml(`**${payload}**\n\n- ${payload}\n\n> ${payload}\n\n[${payload}](${payload})`),
        `in Markdown: ${payload}`,
      );
      expectInertHtml(renderMarkdownToHtml(`[x](${payload.replace(/[()\s]/g, '')})`), `as a link: ${payload}`);
    }
  });

  it('the React element shows the same HTML', () => {
    expect(renderToStaticMarkup(createElement(Markdown, { text: '**a** <i>b</i>' }))).toBe(
      `<div class="markdown">${renderMarkdownToHtml('**a** <i>b</i>')}</div>`,
    );
  });
});

describe('markdownToText (the mail text part)', () => {
  it('drops the marks, keeps paragraphs, lists and link addresses', () => {
    expect(
      markdownToText('## Setup\n\nHi **Ann**,\nsee [the docs](https://example.com/d).\n\n- one\n- two\n\n<b>as typed</b> & more'),
    ).toBe('Setup\n\nHi Ann,\nsee the docs (https://example.com/d).\n\n- one\n- two\n\n<b>as typed</b> & more');
    expect(markdownToText('see https://example.com')).toBe('see https://example.com');
  });
});
