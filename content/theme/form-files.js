// The help site's file pickers (new-ticket form, reply box): chips with name, size and remove, the limits the
// page renders (data-max-file-bytes, data-max-files) checked before sending, and the form sent with
// XMLHttpRequest + FormData so a <progress> bar shows the upload. The server's answer is then followed as the
// plain post would be: a redirect is opened, a page (a form given back, a refusal) replaces this one, except a
// refusal naming one file (data-refused-file), which goes on that file's chip. Without script (or without
// files chosen) the plain form posts unchanged. The words are the page's (data-texts).
(() => {
  // Sizes in the page's language (<html lang>), by Intl's units.
  const language = document.documentElement.lang || 'en';
  const formatSize = (bytes) => {
    const [value, unit] =
      bytes < 1024 ? [bytes, 'byte'] : bytes < 1024 * 1024 ? [Math.round(bytes / 1024), 'kilobyte'] : [bytes / 1024 / 1024, 'megabyte'];
    const display = unit === 'byte' ? 'long' : 'short';
    return new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: display, maximumFractionDigits: 1 }).format(value);
  };
  // Every text comes from the page, in its language (data-texts, rendered from the catalogue): `{name}` and the
  // like are filled in here.
  const fill = (text, values) => String(text ?? '').replace(/\{(\w+)\}/g, (whole, key) => (key in values ? values[key] : whole));
  const sayIn = (texts) => ({
    chosen: texts.chosen,
    remove: (name) => fill(texts.remove, { name }),
    added: (names) => fill(texts.added, { names: names.join(', ') }),
    removed: (name) => fill(texts.removed, { name }),
    tooLarge: (name) => fill(texts.tooLarge, { name }),
    tooMany: (name) => fill(texts.tooMany, { name }),
    empty: (name) => fill(texts.empty, { name }),
    fixFiles: texts.fixFiles,
    uploading: texts.uploading,
    progress: (percent) => fill(texts.progress, { percent }),
    unreachable: texts.unreachable,
  });
  const el = (tag, attributes, ...children) => {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
    node.append(...children);
    return node;
  };
  let lastId = 0;

  for (const input of document.querySelectorAll('input[type=file][data-form-files]')) {
    // The script is in each form's picker: a page with two forms loads it twice.
    if (input.dataset.enhanced) continue;
    input.dataset.enhanced = '1';
    const form = input.form;
    const maxFileBytes = Number(input.dataset.maxFileBytes);
    const maxFiles = Number(input.dataset.maxFiles);
    if (!form || !(maxFileBytes > 0) || !(maxFiles > 0)) continue;
    const say = sayIn(JSON.parse(input.dataset.texts || '{}'));
    const id = input.id || `form-files-${++lastId}`;
    const list = el('ul', { class: 'file-chips', 'aria-label': say.chosen });
    list.hidden = true;
    const bar = el('progress', { max: '100', value: '0', 'aria-label': say.uploading });
    bar.hidden = true;
    // Polite: files added or removed, the upload in quarter steps; the alert: what stops the sending.
    const live = el('p', { class: 'visually-hidden', 'aria-live': 'polite' });
    const alert = el('p', { class: 'error', role: 'alert' });
    input.closest('.form-files').append(list, bar, alert, live);
    const chosen = [];

    const render = () => {
      chosen.forEach((c, index) => {
        c.problem =
          c.refused ??
          (c.file.size === 0
            ? say.empty(c.file.name)
            : c.file.size > maxFileBytes
              ? say.tooLarge(c.file.name)
              : index >= maxFiles
                ? say.tooMany(c.file.name)
                : undefined);
        c.error.textContent = c.problem ?? '';
        c.chip.classList.toggle('bad', c.problem !== undefined);
        if (c.problem) c.remove.setAttribute('aria-describedby', c.error.id);
        else c.remove.removeAttribute('aria-describedby');
      });
      list.hidden = chosen.length === 0;
      if (!chosen.some((c) => c.problem)) alert.textContent = '';
    };

    const removeChosen = (c) => {
      const at = chosen.indexOf(c);
      if (at < 0) return;
      chosen.splice(at, 1);
      c.chip.remove();
      render();
      live.textContent = say.removed(c.file.name);
      // Focus goes to the next file's remove button, else the picker, never lost with the chip.
      const next = chosen[at] ?? chosen[at - 1];
      (next ? next.remove : input).focus();
    };

    input.addEventListener('change', () => {
      const files = Array.from(input.files ?? []);
      // The picker only adds: the chips hold the files, so the same file can be chosen again after removing it.
      input.value = '';
      if (!files.length) return;
      for (const file of files) {
        const error = el('span', { id: `${id}-error-${++lastId}`, class: 'chip-error' });
        const remove = el('button', { type: 'button', class: 'chip-remove', 'aria-label': say.remove(file.name) }, '×');
        const chip = el(
          'li',
          { class: 'file-chip' },
          el('span', { class: 'chip-name' }, file.name),
          ' ',
          el('span', { class: 'hint' }, formatSize(file.size)),
          ' ',
          remove,
          error,
        );
        const c = { file, chip, error, remove };
        remove.addEventListener('click', () => removeChosen(c));
        chosen.push(c);
        list.append(chip);
      }
      render();
      const problems = chosen.slice(-files.length).flatMap((c) => (c.problem ? [c.problem] : []));
      live.textContent = [say.added(files.map((f) => `${f.name} (${formatSize(f.size)})`)), ...problems].join(' ');
    });

    let lastAnnounced = -1;
    const progress = (fraction) => {
      bar.hidden = fraction === undefined;
      if (fraction === undefined) return;
      const percent = Math.round(fraction * 100);
      bar.value = percent;
      // Every quarter, not every event: a screen reader would read nothing else.
      const step = Math.floor(percent / 25);
      if (step !== lastAnnounced) {
        lastAnnounced = step;
        live.textContent = say.progress(percent);
      }
    };

    // Opens what the server answered as if the browser had posted the form itself.
    const follow = (xhr) => {
      const page = new DOMParser().parseFromString(xhr.responseText, 'text/html');
      const refused = page.querySelector('[data-refused-file]');
      const c = refused && chosen[Number(refused.getAttribute('data-refused-file'))];
      if (c) {
        // One file refused, nothing kept: the form stays as typed and that file's chip says why.
        c.refused = refused.getAttribute('data-detail') || refused.textContent;
        render();
        alert.textContent = say.fixFiles;
        c.remove.focus();
        return;
      }
      if (xhr.status < 400 && xhr.responseURL) {
        // A redirect the request followed (the thread with "reply sent", the new ticket): open it.
        window.location.assign(xhr.responseURL);
        return;
      }
      // A page in place of the form (a limit, the form given back with what was typed): shown as it came.
      document.open();
      document.write(xhr.responseText);
      document.close();
    };

    let sending = false;
    form.addEventListener('submit', (event) => {
      if (!chosen.length) return;
      event.preventDefault();
      if (sending) return;
      render();
      const first = chosen.find((c) => c.problem);
      if (first) {
        alert.textContent = say.fixFiles;
        first.remove.focus();
        return;
      }
      // Every field of the form as the browser would send it (CSRF token included), then the chosen files.
      const data = new FormData(form);
      data.delete('attachments');
      for (const c of chosen) data.append('attachments', c.file, c.file.name);
      const buttons = form.querySelectorAll('button[type=submit], button:not([type])');
      const busy = (on) => {
        sending = on;
        for (const button of buttons) button.disabled = on;
      };
      busy(true);
      alert.textContent = '';
      lastAnnounced = -1;
      progress(0);
      const xhr = new XMLHttpRequest();
      xhr.open(form.method || 'POST', form.action);
      xhr.upload.addEventListener('progress', (e) => {
        if (e.lengthComputable && e.total > 0) progress(e.loaded / e.total);
      });
      xhr.addEventListener('load', () => {
        progress(undefined);
        busy(false);
        follow(xhr);
      });
      for (const failure of ['error', 'abort', 'timeout']) {
        xhr.addEventListener(failure, () => {
          progress(undefined);
          busy(false);
          alert.textContent = say.unreachable;
        });
      }
      xhr.send(data);
    });
  }
})();
