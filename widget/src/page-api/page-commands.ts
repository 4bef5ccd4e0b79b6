import { h } from '../dom.js';
import { t } from '../messages.js';
import { PAGE_EVENTS, type SuggestionDetail } from '../page-events.js';
import { type DialogUi, FILED_EVENT, OPENED_EVENT } from './dialog-ui.js';
import { readIdentityClaims } from './identity-claims.js';
import type { PageCommand } from './queue.js';

type Listener = (data?: unknown) => void;
const EVENTS = ['open', 'close', 'ticket-created', 'suggestion-opened', 'deflected'];
const WHO = ['name', 'email'];

/** What the page's settings say (GET /tickets/form/) and the script tag's. */
export interface PageOptions {
  identityRequired: boolean;
}

/**
 * Runs the page's `Helpdesk(command, …args)` calls (widget/helpdesk.d.ts) on the dialog: open, close, toggle,
 * prefill, identify, logout, search, on and off. Part of the form's code: nothing of it is in the first download.
 */
export function createPageCommands(ui: DialogUi, options: PageOptions): PageCommand {
  const { dialog, form } = ui;
  const listeners = new Map<string, Set<Listener>>(EVENTS.map((name) => [name, new Set()]));
  const emit = (name: string, data?: unknown): void => {
    for (const listener of listeners.get(name) ?? []) {
      // A page's listener that throws must not stop the widget or the other listeners.
      try {
        listener(data);
      } catch (error) {
        // Still in the console and the page's error handlers, as an uncaught error would be.
        globalThis.reportError?.(error);
      }
    }
  };

  // With "Only signed-in visitors" on, a visitor the site did not identify is told to sign in instead of a form.
  const notice = h('p', { class: 'intro', role: 'status', hidden: true }, t('identity_required'));
  form.el.before(notice);
  let gated = false;
  const gate = (): void => {
    const shut = options.identityRequired && !ui.extra.has('identity_token');
    if (shut === gated) return;
    gated = shut;
    notice.hidden = !shut;
    form.el.hidden = shut;
  };
  gate();

  // Where focus was when the page opened the form: it goes back there (the launcher may be hidden).
  let before: Element | null = null;
  dialog.addEventListener(OPENED_EVENT, () => emit('open'));
  dialog.addEventListener('close', () => {
    emit('close');
    if (before instanceof HTMLElement && before.isConnected) before.focus();
    before = null;
  });
  dialog.addEventListener(FILED_EVENT, (e) => emit('ticket-created', { number: (e as CustomEvent<number>).detail }));
  // The suggestions code raises its events on the widget's <helpdesk-widget> host, for the page's own listeners too.
  const host = (dialog.getRootNode() as ShadowRoot).host ?? dialog;
  host.addEventListener(PAGE_EVENTS.suggestionOpened, (e) => emit('suggestion-opened', (e as CustomEvent<SuggestionDetail>).detail));
  host.addEventListener(PAGE_EVENTS.deflected, (e) => emit('deflected', (e as CustomEvent<SuggestionDetail>).detail));

  const open = (): void => {
    if (dialog.open) return;
    before = document.activeElement;
    ui.open();
  };
  const lock = (locked: boolean, values?: Record<string, string>): void => {
    for (const name of WHO) {
      const control = form.control(name) as HTMLInputElement | undefined;
      if (!control) continue;
      control.readOnly = locked;
      if (values) control.value = values[name] ?? '';
    }
  };
  const prefill = (values: unknown): void => {
    if (typeof values !== 'object' || values === null) return;
    for (const [name, value] of Object.entries(values)) {
      const control = form.control(name);
      // Who the site signed in stays as the site said.
      if (!control || (control as HTMLInputElement).readOnly) continue;
      if (control instanceof HTMLInputElement && control.type === 'checkbox') control.checked = Boolean(value);
      else control.value = value === undefined || value === null ? '' : String(value);
    }
  };

  const commands: Record<string, (a: unknown, b: unknown) => unknown> = {
    open,
    close: () => dialog.close(),
    toggle: () => (dialog.open ? dialog.close() : open()),
    prefill,
    identify(token) {
      const claims = readIdentityClaims(token);
      if (typeof token !== 'string' || token === '') return;
      ui.extra.set('identity_token', token);
      // Shown as the token says; the help desk checks the signature when the ticket is sent, and refuses in plain words.
      lock(Boolean(claims), claims ? { name: claims.name, email: claims.email } : undefined);
      gate();
    },
    logout() {
      ui.extra.delete('identity_token');
      lock(false, {});
      gate();
    },
    search(text) {
      const subject = form.control('subject');
      if (subject && typeof text === 'string') {
        subject.value = text;
        // The code that suggests docs listens to typing: a search is typing done for the visitor.
        subject.dispatchEvent(new Event('input', { bubbles: true }));
      }
      open();
    },
    on(name, listener) {
      if (typeof listener !== 'function') return () => {};
      listeners.get(name as string)?.add(listener as Listener);
      return () => listeners.get(name as string)?.delete(listener as Listener);
    },
    off(name, listener) {
      listeners.get(name as string)?.delete(listener as Listener);
    },
  };
  // Own names only: `Helpdesk('constructor')` must not reach Object.prototype.
  return ([command, a, b]) => (typeof command === 'string' && Object.hasOwn(commands, command) ? commands[command]?.(a, b) : undefined);
}
