import { createRequire } from 'node:module';
import type { ReactElement } from 'react';
import type * as ReactDomServer from 'react-dom/server';

// Loaded on the first page rendered (about 5 MiB resident): the API and the widget never need it.
let server: typeof ReactDomServer | undefined;

/** Server-renders a page; React escapes every value it prints. */
export function renderPage(page: ReactElement): string {
  server ??= createRequire(import.meta.url)('react-dom/server') as typeof ReactDomServer;
  return `<!doctype html>${server.renderToStaticMarkup(page)}`;
}
