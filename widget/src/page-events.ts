/**
 * Events the widget raises on its `<helpdesk-widget>` element (bubbling, composed), for the page's own scripts and
 * the page API to forward: `detail` is `{ id, title }` of the doc (id 0 for a suggested answer).
 */
export const PAGE_EVENTS = {
  /** The visitor opened a suggested doc (or the suggested answer) in the widget. */
  suggestionOpened: 'helpdesk:suggestion-opened',
  /** The visitor answered Yes to "Did this answer your question?". */
  deflected: 'helpdesk:deflected',
} as const;

export interface SuggestionDetail {
  id: number;
  title: string;
}
