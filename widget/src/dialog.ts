import { type ChoiceKind, classify, type FormDefinition, fetchChoices, submitTicket } from './api.js';
import { h } from './dom.js';
import { mountFiles } from './files/mount-files.js';
import { buildTicketForm } from './form.js';
import { newIdempotencyKey } from './idempotency-key.js';
import { lang, t, tParts, useTexts, waitText } from './messages.js';
import { type DialogUi, FILED_EVENT, OPENED_EVENT } from './page-api/dialog-ui.js';
import { brand } from './styles.js';
import { hookSuggestions } from './suggest-hook.js';
import { eventReporter, newSessionId } from './widget-session.js';

const CHOICE_KINDS: ChoiceKind[] = ['products', 'reasons', 'urgencies'];
const FOCUSABLE = 'button,input,select,textarea';

/**
 * Builds the modal new-ticket dialog (first use only) and returns the function that opens it, with `ui`: what the
 * page API (page-api/) drives.
 */
export function createTicketDialog(
  home: string,
  root: ShadowRoot,
  launcher: HTMLButtonElement,
  restyle: () => void,
  definition: FormDefinition | undefined,
): (() => void) & { ui: DialogUi } {
  if (definition?.texts && definition.lang) useTexts(definition.lang, definition.texts);
  const form = buildTicketForm();
  const intro = h('p', { class: 'intro' }, t('intro'));
  const closeButton = h('button', { type: 'button', class: 'x', 'aria-label': t('close') }, '×');
  const doneText = h('p', { role: 'status', tabindex: -1 });
  const another = h('button', { type: 'button' }, t('another'));
  const finish = h('button', { type: 'button' }, t('close'));
  const done = h('div', { class: 'done', hidden: true }, doneText, h('div', { class: 'actions' }, finish, another));
  // showModal() already implies the role and modality; they are spelled out for older assistive tech.
  const dialog = h(
    'dialog',
    { role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': 'hd-title' },
    h('div', { class: 'head' }, h('h2', { id: 'hd-title' }, t('title')), closeButton),
    intro,
    form.el,
    done,
  );
  root.append(dialog);
  restyle();

  // Without files, the form-encoded request; the file area (when the rules allow files) replaces it.
  let sendTicket = submitTicket;
  // The owner's form (asked for when the widget mounted); without it, the fixed fields and the lists.
  if (definition) {
    sendTicket = mountFiles(home, definition.attachments, form.el, classify, submitTicket) ?? sendTicket;
    form.follow(definition.fields);
    intro.textContent = t('intro_site', { site: definition.site.name });
    brand(root.host as HTMLElement, definition.site.brand_color);
  } else {
    for (const kind of CHOICE_KINDS) void fetchChoices(home, kind).then((choices) => (form.fillChoices(kind, choices), restyle()));
  }
  restyle();

  // Deflection (issue 38): one random id per page session, renewed after a filing; docs suggested while typing.
  let session = newSessionId();
  const report = eventReporter(home, () => session);
  const description = form.control('description');
  if (description?.parentElement)
    hookSuggestions({ home, lang, t, dialog, form: form.el, intro, after: description.parentElement, resume: description, report }, form);

  // One key per filled form: kept across retries and resubmits, replaced only after a success.
  let key = newIdempotencyKey();
  let busy = false;
  // Fields the page API adds to each filing (the identity token).
  const extra = new Map<string, string>();

  const showDone = (isDone: boolean): void => {
    form.el.hidden = isDone;
    done.hidden = !isDone;
  };

  const send = async (): Promise<void> => {
    if (busy) return;
    form.clearErrors();
    const invalid = form.validate();
    if (invalid) {
      form.say(t('fix_fields'));
      invalid.focus();
      return;
    }
    const body = form.payload(key);
    for (const [name, value] of extra) body.set(name, value);
    body.append('widget_session', session);
    busy = true;
    form.submit.disabled = true;
    form.submit.textContent = t('sending');
    const result = await sendTicket(home, body);
    busy = false;
    form.submit.disabled = false;
    form.submit.textContent = t(result.kind === 'unreachable' ? 'retry' : 'send');

    switch (result.kind) {
      case 'filed':
      case 'received': {
        session = newSessionId();
        // The number and the address isolated: inside Arabic, "#12" and an address keep their own direction.
        const email = h('bdi', {}, body.get('email') ?? '');
        doneText.replaceChildren(
          `${t('thanks')} `,
          ...(result.kind === 'filed'
            ? tParts('filed', { number: h('bdi', {}, `#${result.number}`), email })
            : tParts('received', { email })),
        );
        showDone(true);
        doneText.focus();
        if (result.kind === 'filed') dialog.dispatchEvent(new CustomEvent(FILED_EVENT, { detail: result.number }));
        return;
      }
      case 'invalid': {
        // The address rule's details mean nothing to a visitor: say what to type.
        const errors = result.errors.map((e) => (e.field === 'email' ? { ...e, detail: t('bad_email') } : e));
        const unplaced = errors.filter((e) => !form.showFieldError(e.field, e.detail)).map((e) => e.detail);
        const placed = result.errors.length > unplaced.length;
        form.say(unplaced.join(' ') || (placed ? t('fix_fields') : (result.detail ?? t('fix_fields'))));
        const first = form.el.querySelector<HTMLElement>('[aria-invalid]');
        if (first) {
          first.focus();
          return;
        }
        break;
      }
      case 'limited':
        form.say(waitText(result.retryAfterSeconds));
        break;
      case 'rejected':
        // The attachment code's sentence (a file to remove, named by it or by the server); other refusals in the widget's words.
        form.say(result.detail ?? t('rejected'));
        break;
      default:
        // 'closed', 'offline' and 'unreachable': a sentence each, named like the result.
        form.say(t(result.kind));
    }
    // A disabled button loses focus; put it back on the button so Enter retries.
    if (!root.activeElement) form.submit.focus();
  };

  form.el.addEventListener('submit', (e) => {
    e.preventDefault();
    void send();
  });

  another.addEventListener('click', () => {
    // Keep who is asking; clear what they asked.
    const name = form.control('name')?.value ?? '';
    const email = form.control('email')?.value ?? '';
    form.el.reset();
    form.clearErrors();
    form.control('name')!.value = name;
    form.control('email')!.value = email;
    key = newIdempotencyKey();
    showDone(false);
    form.control('subject')?.focus();
  });

  closeButton.addEventListener('click', () => dialog.close());
  finish.addEventListener('click', () => dialog.close());
  // Fires for the close button and for Esc alike.
  dialog.addEventListener('close', () => launcher.focus());
  dialog.addEventListener('keydown', (e) => {
    if (e.key !== 'Tab') return;
    // Keep Tab inside the dialog: wrap from the last control to the first and back.
    const items = Array.from(dialog.querySelectorAll<HTMLElement & { disabled?: boolean }>(FOCUSABLE)).filter(
      (el) => !el.disabled && el.getClientRects().length > 0,
    );
    const edge = e.shiftKey ? items[0] : items[items.length - 1];
    if (edge && root.activeElement === edge) {
      e.preventDefault();
      (e.shiftKey ? items[items.length - 1] : items[0])?.focus();
    }
  });

  const open = (): void => {
    report('opened');
    if (!dialog.open) {
      dialog.showModal();
      dialog.dispatchEvent(new Event(OPENED_EVENT));
    }
    // Name and email locked by the page's identity token: start where the visitor has something to type.
    const first = form.control('name') as HTMLInputElement | undefined;
    (done.hidden ? (first?.readOnly ? form.control('subject') : first) : doneText)?.focus();
  };
  return Object.assign(open, { ui: { dialog, form, open, extra } });
}
