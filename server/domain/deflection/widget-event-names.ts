/** What a widget session reports (POST /widget-events); `submitted` is also written by the filing route itself. */
export const WIDGET_EVENTS = ['opened', 'typed', 'shown', 'doc_opened', 'helped', 'not_helped', 'submitted'] as const;
export type WidgetEventName = (typeof WIDGET_EVENTS)[number];

/** The events about one doc (the others carry none). */
export const DOC_EVENTS: ReadonlySet<WidgetEventName> = new Set(['shown', 'doc_opened', 'helped', 'not_helped']);
