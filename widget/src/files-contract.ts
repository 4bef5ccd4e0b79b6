import type { classify, FormDefinition, SubmitResult, submitTicket } from './api.js';

// The widget and its form's code (the dialog, the fields and the attachments) are two scripts: the second is
// loaded when the form first opens, to keep the first download small. They meet through one event on the second
// script's element, never a global.

/** The event the attachment code dispatches on its own <script> element; `detail` is a MountFiles. */
export const FILES_EVENT = 'helpdesk-files';

/** Where the form's code is served, after the home URL (same caching, CORS and CSP rules as the widget). */
export const FILES_PATH = '/helpdesk/tickets/embed/files/';

/** What a visitor may attach, from GET /tickets/form/ (`attachments`). */
export interface AttachmentRules {
  allowed: boolean;
  max_file_bytes: number;
  max_files: number;
  /** The allowed kinds in words ("images, PDF, …"). */
  kinds: string;
  /** The server's minimum fill time (0 from older help desks): a faster send is stopped before uploading. */
  min_fill_ms: number;
}

/** How the form sends a ticket: the widget's own submitTicket, or the attachment code's multipart upload. */
export type SendTicket = (home: string, body: URLSearchParams) => Promise<SubmitResult>;

/**
 * Builds the new-ticket dialog in the widget's shadow root (`root`, `launcher` its button), speaking the
 * definition's language (English without one), and returns the function that opens it. (A method, so the
 * dialog's own DOM types narrow it: this file is also read where there is no DOM.)
 */
export interface FormCode {
  dialog?(
    home: string,
    root: object,
    launcher: object,
    restyle: () => void,
    definition: FormDefinition | undefined,
  ): (() => void) & { ui?: object };
  /**
   * Runs the page's `Helpdesk(…)` calls on the dialog's `ui` (page-api/dialog-ui.ts; issue 38); absent from a form's
   * code older than the page API.
   */
  pageApi?(ui: object, options: { identityRequired: boolean }): (args: unknown[]) => unknown;
}

/**
 * Adds the file area to the form and returns the form's new sender (multipart with progress when files
 * are chosen, `plain` otherwise); undefined when the rules allow no files. `rules` is checked here. A widget
 * script cached from before the dialog moved here calls it; a newer one calls its `dialog`.
 */
export type MountFiles = ((
  home: string,
  rules: unknown,
  form: HTMLFormElement,
  answer: typeof classify,
  plain: typeof submitTicket,
) => SendTicket | undefined) &
  FormCode;
