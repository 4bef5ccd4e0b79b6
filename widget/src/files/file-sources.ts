import { screenshotName } from './file-messages.js';

/**
 * The ways to add files besides the picker: dropping them anywhere on the dialog (a miss would make the
 * browser open the file in place of the host page) and pasting a screenshot into the description.
 */
export function takeDroppedAndPastedFiles(form: HTMLFormElement, add: (files: File[]) => void): void {
  const target: HTMLElement = form.closest('dialog') ?? form;
  const hasFiles = (e: DragEvent): boolean => Array.from(e.dataTransfer?.types ?? []).includes('Files');
  target.addEventListener('dragover', (e) => {
    if (!hasFiles(e)) return;
    e.preventDefault();
    form.classList.add('drop');
  });
  target.addEventListener('dragleave', (e) => {
    if (!e.relatedTarget || !target.contains(e.relatedTarget as Node)) form.classList.remove('drop');
  });
  target.addEventListener('drop', (e) => {
    if (!hasFiles(e)) return;
    e.preventDefault();
    form.classList.remove('drop');
    add(Array.from(e.dataTransfer?.files ?? []));
  });

  let pasted = 0;
  form.addEventListener('reset', () => {
    pasted = 0;
  });
  // A screenshot pasted into the description becomes a file; pasted text stays text.
  form.querySelector<HTMLTextAreaElement>('textarea[name="description"]')?.addEventListener('paste', (e) => {
    const data = e.clipboardData;
    const files = Array.from(data?.files ?? []);
    if (!files.length) return;
    if (!data?.getData('text/plain')) e.preventDefault();
    // Clipboard images are all called image.png: number them so the chips tell them apart.
    add(files.map((f) => (/^image\.\w+$/.test(f.name) || !f.name ? new File([f], screenshotName(++pasted), { type: f.type }) : f)));
  });
}
