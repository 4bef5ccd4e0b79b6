import type { TicketForm } from '../form.js';

/** Events the dialog dispatches on its <dialog> element for the page API (and the code that adds to the form). */
export const OPENED_EVENT = 'hd-open';
/** `detail`: the ticket's number. */
export const FILED_EVENT = 'hd-filed';

/** What the page API drives of the dialog (dialog.ts hands it over with the function that opens it). */
export interface DialogUi {
  dialog: HTMLDialogElement;
  form: TicketForm;
  open(): void;
  /** Fields added to every filing (the identity token), beside the form's own. */
  extra: Map<string, string>;
}
