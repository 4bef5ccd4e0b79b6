import type { TextKey } from './messages.js';
import type { Report } from './widget-session.js';

// The widget's doc suggestions are a third script (widget/src/suggest/), loaded by the form's code when the
// visitor first types three characters (the first download's budget): like files-contract.ts, it hands its mount
// function over through an event on its own script element, and it gets the form's texts from here rather than
// bundling the catalogue again.

/** Where the suggestion code is served, below the help desk's home URL. */
export const SUGGEST_PATH = '/helpdesk/tickets/embed/suggest/';
/** The event the suggestion script dispatches on its own element, its mount function as the detail. */
export const SUGGEST_EVENT = 'helpdesk-suggest';

/** What the form hands the suggestion code. */
export interface SuggestHost {
  home: string;
  /** The language the widget speaks (the docs in it come first). */
  lang: string;
  t: (key: TextKey, values?: Record<string, string | number>) => string;
  /** The dialog: the article view is added to it. */
  dialog: HTMLDialogElement;
  /** Hidden (with `intro`) while an article is read, shown again with the visitor's text kept. */
  form: HTMLFormElement;
  intro: HTMLElement;
  /** The suggestions go right after this element (the description's row). */
  after: HTMLElement;
  /** Where the visitor's focus goes back to after "No, I still need help". */
  resume: HTMLElement;
  report: Report;
}

export interface Suggester {
  /** Suggests docs for the text (at least 3 characters); shorter text clears the suggestions. */
  search(text: string): void;
}

export type MountSuggest = (host: SuggestHost) => Suggester;
