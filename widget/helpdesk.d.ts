// The page API of the help desk's widget (issue 38): `window.Helpdesk(command, …args)`.
// Copy this file into a site's project (or reference it) to type its calls. Docs: docs/guide.md → "Drive the widget
// from your page". A page defines the queue first (the line in Settings → General → Embed), so calls made before
// the widget's script has loaded wait and run in order once it has.

/** What a page may prefill: the built-in fields and the owner's custom ones (`custom_<key>`, as in GET …/tickets/form/). */
interface HelpdeskPrefill {
  name?: string;
  email?: string;
  subject?: string;
  description?: string;
  /** A product, reason or urgency: its id (GET …/tickets/products/ and the like). */
  product?: number | string;
  reason?: number | string;
  urgency?: number | string;
  order_id?: string;
  /** A custom field; a checkbox takes true or false. */
  [custom: `custom_${string}`]: string | number | boolean | undefined;
}

/** What each event hands its listeners. */
interface HelpdeskEvents {
  open: undefined;
  close: undefined;
  /** A ticket was filed; `number` is the one the visitor reads (#12). */
  'ticket-created': { number: number };
  /** The visitor opened a suggested doc. */
  'suggestion-opened': { id?: number; title?: string };
  /** The visitor said a doc answered the question. */
  deflected: { id?: number; title?: string };
}

type HelpdeskEvent = keyof HelpdeskEvents;

interface HelpdeskApi {
  /** Shows, hides, or flips the form; `logout` forgets the identity (name and email unlocked and emptied). */
  (command: 'open' | 'close' | 'toggle' | 'logout'): void;
  /** Fills fields; name and email stay as the identity token says while one is given. */
  (command: 'prefill', fields: HelpdeskPrefill): void;
  /** A JWT the site's server signed (HS256, the identity secret from Settings): name and email are filled and locked. */
  (command: 'identify', token: string): void;
  /** Opens the form with `text` as the subject (and the docs suggested for it). */
  (command: 'search', text: string): void;
  /** Listens to an event; returns the function that stops listening. */
  <E extends HelpdeskEvent>(command: 'on', event: E, listener: (data: HelpdeskEvents[E]) => void): () => void;
  /** Stops a listener given to `on`. */
  <E extends HelpdeskEvent>(command: 'off', event: E, listener: (data: HelpdeskEvents[E]) => void): void;
  /** The queue's own state (calls waiting for the script; the runner once it has loaded): not for pages. */
  q?: ArrayLike<unknown>[];
  run?: (...args: unknown[]) => unknown;
}

declare var Helpdesk: HelpdeskApi;
