import type { Choice, ChoiceKind, FormField } from './api.js';
import { h } from './dom.js';
import { FIELDS } from './fields.js';
import { lang, t } from './messages.js';

export type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** The new-ticket form and the operations the dialog needs on it. */
export interface TicketForm {
  el: HTMLFormElement;
  submit: HTMLButtonElement;
  control(name: string): Control | undefined;
  /** Fills a choice list and shows its field; an empty list keeps the field hidden. */
  fillChoices(kind: ChoiceKind, choices: Choice[]): void;
  /** Follows the owner's form: labels, required flags, lists, custom fields; built-in fields it leaves out are hidden. */
  follow(fields: FormField[]): void;
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

/** An international domain goes out as punycode (what mail servers and the help desk take): ann@müller.de → ann@xn--mller-kva.de. */
function asciiEmail(value: string): string {
  const at = value.lastIndexOf('@');
  if (at < 0 || /^[\x20-\x7e]*$/.test(value)) return value;
  try {
    return `${value.slice(0, at)}@${new URL(`http://${value.slice(at + 1).trim()}`).hostname}`;
  } catch {
    return value;
  }
}

/** Builds the form DOM from the field list. */
export function buildTicketForm(): TicketForm {
  const controls = new Map<string, Control>();
  const rows = new Map<string, HTMLElement>();
  const errors = new Map<string, HTMLElement>();

  const labels = new Map<string, HTMLLabelElement>();
  const labelText = (text: string, required: boolean | undefined): (string | Node)[] =>
    required ? [text] : [text, h('span', { class: 'opt' }, ` ${t('optional')}`)];
  const addRow = (
    f: { name: string; label: string; required?: boolean; max?: number; autocomplete?: string },
    control: Control,
    hidden: boolean,
  ) => {
    control.id = id(f.name);
    control.name = f.name;
    control.required = Boolean(f.required);
    if (f.max && !(control instanceof HTMLSelectElement)) control.maxLength = f.max;
    if (f.autocomplete) control.setAttribute('autocomplete', f.autocomplete);
    const error = h('p', { id: id(`${f.name}-error`), class: 'err' });
    const label = h('label', { for: id(f.name) }, ...labelText(f.label, f.required));
    const row = h('div', { hidden }, label, control, error);
    controls.set(f.name, control);
    rows.set(f.name, row);
    errors.set(f.name, error);
    labels.set(f.name, label);
    return row;
  };
  const select = (choices: Array<{ value: string; label: string }> = []) =>
    // i18n-exempt: a dash for "none chosen", the same in every language
    h('select', {}, h('option', { value: '' }, '—'), ...choices.map((c) => h('option', { value: c.value }, c.label)));

  const fieldRows = FIELDS.map((f) =>
    // Choice lists stay hidden until their options have loaded (and stay hidden if none do).
    addRow(
      { ...f, label: t(`field.${f.name}`) },
      f.choices ? select() : f.multiline ? h('textarea', { rows: 6 }) : h('input', { type: f.type ?? 'text' }),
      Boolean(f.choices),
    ),
  );

  // A honeypot: hidden from people (and assistive tech), filled in by form-filling bots.
  const trap = h('input', { name: 'website', tabindex: -1, autocomplete: 'off' });
  // How long the form was open, up to Send (payload() runs before any upload): people take seconds, bots
  // milliseconds (the server sets the minimum).
  let startedAt = Date.now();

  const alert = h('div', { class: 'alert', role: 'alert' });
  const submit = h('button', { type: 'submit' }, t('send'));
  // novalidate: we run constraint validation ourselves so messages sit at the fields, not in bubbles.
  const trapRow = h('div', { hidden: true }, trap);
  const el = h('form', { novalidate: true }, ...fieldRows, trapRow, alert, h('div', { class: 'actions' }, submit));
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
    follow(fields) {
      const named = new Map(fields.map((f) => [f.name, f]));
      for (const f of FIELDS) {
        const c = controls.get(f.name);
        const row = rows.get(f.name);
        // The required fixed fields stay: who is asking (name, email) is the widget's own; subject and
        // description the route always needs.
        if (!c || !row || f.required) continue;
        const def = named.get(f.name);
        const gone = !def || (c instanceof HTMLSelectElement && !def.choices?.length);
        row.hidden = gone;
        c.disabled = gone;
        if (!def || gone) continue;
        if (c instanceof HTMLSelectElement) {
          c.replaceChildren(...select(def.choices).children);
          // Moving the options marked the last one selected; a fresh list starts at "—".
          c.selectedIndex = 0;
        }
      }
      for (const def of fields) {
        let c = controls.get(def.name);
        if (!c) {
          // A custom field of the owner's, before the honeypot.
          c =
            def.type === 'select'
              ? select(def.choices)
              : def.type === 'textarea'
                ? h('textarea', { rows: 4 })
                : h('input', { type: def.type === 'checkbox' ? 'checkbox' : 'text', value: def.type === 'checkbox' ? '1' : undefined });
          el.insertBefore(addRow(def, c, false), trapRow);
        }
        c.required = def.required;
        labels.get(def.name)?.replaceChildren(...labelText(def.label, def.required));
      }
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
        form.showFieldError(c.name, c.name === 'email' ? t('bad_email') : c.validity.valueMissing ? t('required') : c.validationMessage);
        first ??= c;
      }
      return first;
    },
    payload(idempotencyKey) {
      const body = new URLSearchParams();
      for (const [name, c] of controls) {
        if (c.disabled || (c instanceof HTMLInputElement && c.type === 'checkbox' && !c.checked)) continue;
        if (c.required || c.value.trim() !== '') body.append(name, name === 'email' ? asciiEmail(c.value) : c.value);
      }
      body.append('idempotency_key', idempotencyKey);
      // The client's language: a new account keeps it for its mails and pages.
      body.append('language', lang);
      if (trap.value) body.append('website', trap.value);
      body.append('fill_ms', String(Date.now() - startedAt));
      return body;
    },
  };
  return form;
}
