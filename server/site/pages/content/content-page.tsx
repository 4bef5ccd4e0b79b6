import type { ReactNode } from 'react';
import { Markdown } from '../../../markdown/markdown.js';
import { Layout, type LayoutProps } from '../../shared/layout.js';

/** Splits page content on shortcodes: text parts are Markdown, `[name]` parts are rendered by `renderShortcode`. */
export const SHORTCODE = /\[(helpdesk_tickets|helpdesk_new_ticket)\]/;

export function ContentPage({
  layout,
  title,
  documentTitle,
  content,
  renderShortcode,
}: {
  layout: Omit<LayoutProps, 'title' | 'children'>;
  title: string;
  /** The browser title when it differs from the heading (a thread inside the tickets page). */
  documentTitle?: string;
  content: string;
  renderShortcode: (name: string) => ReactNode;
}) {
  const parts = content.split(new RegExp(SHORTCODE.source, 'g'));
  return (
    <Layout {...layout} title={documentTitle ?? title}>
      <h1>{title}</h1>
      {parts.map((part, index) =>
        index % 2 === 1 ? <div key={index}>{renderShortcode(part)}</div> : part.trim() ? <Markdown key={index} text={part} /> : null,
      )}
    </Layout>
  );
}
