// The Markdown renderer (common/render-markdown.ts: markdown-it with linkify, sanitize-html and its HTML
// parser and PostCSS) is loaded on first use: ~3 MiB resident that the API, the widget and the intake never
// need. Whoever renders Markdown awaits `loadMarkdown()` first (the help site's docs and content pages, the
// mail builder); the synchronous rendering inside (React components, renderMail) then reads `markdown()`.

type MarkdownRenderer = typeof import('../../common/render-markdown.js');

let loaded: MarkdownRenderer | undefined;
let loading: Promise<MarkdownRenderer> | undefined;

/** Loads the renderer once (a chunk of its own in the server bundle); later calls get the same promise. */
export function loadMarkdown(): Promise<MarkdownRenderer> {
  loading ??= import('../../common/render-markdown.js').then(
    (renderer) => {
      loaded = renderer;
      return renderer;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** The renderer, once `loadMarkdown()` has resolved. */
export function markdown(): MarkdownRenderer {
  if (!loaded) throw new Error('Markdown rendered before loadMarkdown() finished');
  return loaded;
}
