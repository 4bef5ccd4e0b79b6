import type { Choice, ChoiceKind } from './api.js';
import { h } from './dom.js';
import { FIELDS } from './fields.js';
import { T } from './messages.js';

export type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** The new-ticket form and the operations the dialog needs on it. */
export interface TicketForm {
  el: HTMLFormElement;
  submit: HTMLButtonElement;
  control(name: string): Control | undefined;
  /** Fills a choice list and shows its field; an empty list keeps the field hidden. */
  fillChoices(kind: ChoiceKind, choices: Choice[]): void;
  /** Shows a message at a field; false when the form has no such field. */
  showFieldError(name: string, message: string): boolean;
  /** Sets the form-level message (role=alert, so screen readers announce it). */
  say(message: string): void;
  clearErrors(): void;
  /** Runs the browser's constraint validation, shows messages at the fields, returns the first invalid control. */
  validate(): Control | undefined;
  /** The form-encoded body; empty optional fields are left out. */
  payload(idempotencyKey: string): URLSearchParams;
}

const id = (name: string): string => `hd-${name}`;

/** Builds the form DOM from the field list. */
export function buildTicketForm(): TicketForm {
  const controls = new Map<string, Control>();
  const rows = new Map<string, HTMLElement>();
  const errors = new Map<string, HTMLElement>();

  const fieldRows = FIELDS.map((f) => {
    const attrs = {
      id: id(f.name),
      name: f.name,
      required: f.required,
      maxlength: f.max,
      autocomplete: f.autocomplete,
    };
    const control: Control = f.choices
      ? h('select', attrs, h('option', { value: '' }, T.noChoice))
      : f.multiline
        ? h('textarea', { ...attrs, rows: 6 })
        : h('input', { ...attrs, type: f.type ?? 'text' });
    const error = h('p', { id: id(`${f.name}-error`), class: 'err' });
    const label = h('label', { for: id(f.name) }, f.label);
    if (!f.required) label.append(h('span', { class: 'opt' }, T.optional));
    // Choice lists stay hidden until their options have loaded (and stay hidden if none do).
    const row = h('div', { hidden: Boolean(f.choices) }, label, control, error);
    controls.set(f.name, control);
    rows.set(f.name, row);
    errors.set(f.name, error);
    return row;
  });

  // A honeypot: hidden from people (and assistive tech), filled in by form-filling bots.
  const trap = h('input', { name: 'website', tabindex: -1, autocomplete: 'off' });
  // How long the form was open: people take seconds, bots milliseconds (the server sets the minimum).
  let startedAt = Date.now();

  const alert = h('div', { class: 'alert', role: 'alert' });
  const submit = h('button', { type: 'submit' }, T.send);
  // novalidate: we run constraint validation ourselves so messages sit at the fields, not in bubbles.
  const el = h('form', { novalidate: true }, ...fieldRows, h('div', { hidden: true }, trap), alert, h('div', { class: 'actions' }, submit));
  el.addEventListener('reset', () => {
    startedAt = Date.now();
  });

  const clearField = (c: Control): void => {
    c.removeAttribute('aria-invalid');
    c.removeAttribute('aria-describedby');
    const err = errors.get(c.name);
    if (err) err.textContent = '';
  };
  // Once the user edits a field its old message is stale.
  el.addEventListener('input', (e) => {
    const c = e.target as Control;
    if (c.hasAttribute('aria-invalid') && c.validity.valid) clearField(c);
  });

  const form: TicketForm = {
    el,
    submit,
    control: (name) => controls.get(name),
    fillChoices(kind, choices) {
      const f = FIELDS.find((x) => x.choices === kind);
      const select = f && controls.get(f.name);
      if (!f || !select || choices.length === 0) return;
      select.append(...choices.map((c) => h('option', { value: c.id }, c.name)));
      rows.get(f.name)?.removeAttribute('hidden');
    },
    showFieldError(name, message) {
      const c = controls.get(name);
      const err = errors.get(name);
      if (!c || !err || rows.get(name)?.hidden) return false;
      err.textContent = message;
      c.setAttribute('aria-invalid', 'true');
      c.setAttribute('aria-describedby', err.id);
      return true;
    },
    say(message) {
      alert.textContent = message;
    },
    clearErrors() {
      controls.forEach(clearField);
      alert.textContent = '';
    },
    validate() {
      let first: Control | undefined;
      for (const c of controls.values()) {
        if (c.validity.valid) continue;
        form.showFieldError(c.name, c.validationMessage);
        first ??= c;
      }
      return first;
    },
    payload(idempotencyKey) {
      const body = new URLSearchParams();
      for (const f of FIELDS) {
        const value = controls.get(f.name)?.value ?? '';
        if (f.required || value.trim() !== '') body.append(f.name, value);
      }
      body.append('idempotency_key', idempotencyKey);
      if (trap.value) body.append('website', trap.value);
      body.append('fill_ms', String(Date.now() - startedAt));
      return body;
    },
  };
  return form;
}
