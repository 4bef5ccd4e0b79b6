import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

/** Server-renders a page; React escapes every value it prints. */
export function renderPage(page: ReactElement): string {
  return `<!doctype html>${renderToStaticMarkup(page)}`;
}
