import { formatSize } from '../../../common/format-size.js';
import { h } from '../dom.js';
import type { AttachmentRules } from '../files-contract.js';
import { checkFiles } from './check-files.js';
import { F } from './file-messages.js';
import { takeDroppedAndPastedFiles } from './file-sources.js';

interface Chosen {
  file: File;
  chip: HTMLLIElement;
  error: HTMLElement;
  remove: HTMLButtonElement;
  /** The server's refusal of it: stays until the file is removed. */
  refused?: string;
  /** Why this file cannot go: the refusal, or what the rules say before sending. */
  problem?: string;
}

/** The file area of the form: picker, drop, paste, chips, progress. */
export interface FileArea {
  files(): File[];
  /** Marks each file the rules refuse; returns the first such file's remove button, or undefined when all may go. */
  firstProblem(): HTMLButtonElement | undefined;
  /** Shows the server's refusal on the file at `index`; false when there is no such file. */
  refuse(index: number, detail: string): boolean;
  progress(fraction: number | undefined): void;
}

let lastId = 0;

/** Builds the file area after the form's fields: the picker, the chips and the progress bar. */
export function buildFileArea(form: HTMLFormElement, rules: AttachmentRules): FileArea {
  const id = `hd-files-${++lastId}`;
  const input = h('input', { type: 'file', multiple: true, hidden: true, tabindex: -1, 'aria-label': F('files.pick') });
  const pick = h('button', { type: 'button', class: 'pick', 'aria-describedby': `${id}-hint` }, F('files.pick'));
  const hint = h(
    'p',
    { id: `${id}-hint`, class: 'hint' },
    F('files.hint', { kinds: rules.kinds, size: formatSize(rules.max_file_bytes), max: rules.max_files }),
  );
  const list = h('ul', { class: 'chips', 'aria-label': F('files.chosen'), hidden: true });
  const bar = h('progress', { max: 100, value: 0, 'aria-label': F('files.uploading'), hidden: true });
  // Polite: what was added or removed, and the upload's progress in steps (refusals go to the form's alert).
  const live = h('p', { class: 'sr', 'aria-live': 'polite' });
  const area = h('div', { class: 'files' }, pick, input, hint, list, bar, live);

  // After every field (custom fields are added before the honeypot, which is before the alert): the
  // Tab order stays the form's, with the files last before sending.
  const alert = form.querySelector('.alert');
  if (alert) alert.before(area);
  else form.append(area);

  const chosen: Chosen[] = [];
  let lastAnnounced = -1;

  const render = (): void => {
    const problems = checkFiles(
      chosen.map((c) => c.file),
      rules,
    );
    chosen.forEach((c, index) => {
      // A rule's problem follows the list (removing one file can fix the next).
      c.problem = c.refused ?? problems[index];
      c.error.textContent = c.problem ?? '';
      c.chip.classList.toggle('bad', c.problem !== undefined);
      if (c.problem) c.remove.setAttribute('aria-describedby', c.error.id);
      else c.remove.removeAttribute('aria-describedby');
    });
    list.hidden = chosen.length === 0;
  };

  const removeChosen = (c: Chosen): void => {
    const at = chosen.indexOf(c);
    if (at < 0) return;
    chosen.splice(at, 1);
    c.chip.remove();
    render();
    live.textContent = F('files.removed', { name: c.file.name });
    // Focus goes to the next file's remove button, else the picker, never lost with the chip.
    const next = chosen[at] ?? chosen[at - 1];
    (next ? next.remove : pick).focus();
  };

  const add = (files: File[]): void => {
    if (!files.length) return;
    for (const file of files) {
      const error = h('p', { id: `${id}-e${++lastId}`, class: 'err' });
      const remove = h('button', { type: 'button', class: 'rm', 'aria-label': F('files.remove', { name: file.name }) }, '×');
      const chip = h(
        'li',
        { class: 'chip' },
        h('span', { class: 'name' }, file.name),
        h('span', { class: 'size' }, formatSize(file.size)),
        remove,
        error,
      );
      const c: Chosen = { file, chip, error, remove };
      remove.addEventListener('click', () => removeChosen(c));
      chosen.push(c);
      list.append(chip);
    }
    render();
    const problems = chosen.slice(-files.length).flatMap((c) => (c.problem ? [c.problem] : []));
    live.textContent = [F('files.added', { names: files.map((f) => `${f.name} (${formatSize(f.size)})`).join(', ') }), ...problems].join(
      ' ',
    );
  };

  pick.addEventListener('click', () => input.click());
  input.addEventListener('change', () => {
    add(Array.from(input.files ?? []));
    // The same file can be chosen again after removing it.
    input.value = '';
  });

  takeDroppedAndPastedFiles(form, add);

  // "File another" resets the form: the files went with the ticket.
  form.addEventListener('reset', () => {
    for (const c of chosen.splice(0)) c.chip.remove();
    render();
  });

  return {
    files: () => chosen.map((c) => c.file),
    firstProblem() {
      render();
      return chosen.find((c) => c.problem)?.remove;
    },
    refuse(index, detail) {
      const c = chosen[index];
      if (!c) return false;
      c.refused = detail;
      render();
      return true;
    },
    progress(fraction) {
      bar.hidden = fraction === undefined;
      if (fraction === undefined) {
        lastAnnounced = -1;
        return;
      }
      const percent = Math.round(fraction * 100);
      bar.value = percent;
      // Every quarter, not every event: a screen reader would read nothing else.
      const step = Math.floor(percent / 25);
      if (step !== lastAnnounced) {
        lastAnnounced = step;
        live.textContent = F('files.progress', { percent });
      }
    },
  };
}
