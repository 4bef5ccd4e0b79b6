// The Markdown renderer (common/render-markdown.ts: markdown-it with linkify, sanitize-html and its HTML
// parser and PostCSS) is loaded on first use: ~3 MiB resident that the API, the widget and the intake never
// need. It is awaited before the synchronous rendering that reads `markdown()`: by the help site's routes before
// any page's template renders (site.routes.ts), and by the mail job before renderMail.

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
  if (!loaded) throw new Error('Markdown rendered before loadMarkdown() finished: await it before rendering (see site.routes.ts)');
  return loaded;
}
