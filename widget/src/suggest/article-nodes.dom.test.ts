// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { answerNodes } from './answer-nodes.js';
import { articleNodes } from './article-nodes.js';

const html = (nodes: Node[]) => {
  const box = document.createElement('div');
  box.append(...nodes);
  return box.innerHTML;
};

describe('articleNodes: the server’s article rebuilt from an allow-list', () => {
  it('keeps text, formatting and lists; headings sit below the article’s title', () => {
    expect(
      html(
        articleNodes(
          '<h2>Steps</h2><ol><li>Open <strong>Settings</strong></li></ol><p>Then <code>save</code>.</p>',
          'https://help.example',
        ),
      ),
    ).toBe('<h4>Steps</h4><ol><li>Open <strong>Settings</strong></li></ol><p>Then <code>save</code>.</p>');
  });

  it('drops scripts, styles, forms, frames and event attributes, keeping only the text of unknown elements', () => {
    const out = html(
      articleNodes(
        '<p onclick="alert(1)" style="color:red">Hi<script>alert(2)</script></p><style>p{}</style>' +
          '<form><input></form><svg><text>x</text></svg><custom-el>kept</custom-el>',
        'https://help.example',
      ),
    );
    expect(out).toBe('<p>Hi</p>kept');
  });

  it('links: http(s) and mailto only, absolute, in a new tab without the opener', () => {
    const out = html(
      articleNodes(
        '<a href="/docs/x/">doc</a><a href="javascript:alert(1)">bad</a><a href="mailto:a@b.c">mail</a>',
        'https://help.example',
      ),
    );
    expect(out).toBe(
      '<a href="https://help.example/docs/x/" target="_blank" rel="noopener noreferrer nofollow">doc</a><a>bad</a>' +
        '<a href="mailto:a@b.c" target="_blank" rel="noopener noreferrer nofollow">mail</a>',
    );
  });
});

describe('answerNodes: the suggested answer as paragraphs', () => {
  it('turns Markdown links to http(s) into links and leaves everything else text', () => {
    expect(html(answerNodes('See [Reset](https://help.example/docs/reset/).\n\n<b>not bold</b> [x](javascript:alert(1))'))).toBe(
      '<p>See <a href="https://help.example/docs/reset/" target="_blank" rel="noopener noreferrer nofollow">Reset</a>.</p>' +
        '<p>&lt;b&gt;not bold&lt;/b&gt; [x](javascript:alert(1))</p>',
    );
  });
});
