import { fetchForm } from './api.js';
import { h } from './dom.js';
import { LAUNCHER_ENGLISH } from './launcher-text.js';
import { loadFiles } from './load-files.js';
import { takePageCalls } from './page-api/queue.js';
import { styleRoot } from './styles.js';

const TAG = 'helpdesk-widget';
/** How long the launcher waits for the visitor's language before it shows in English. */
const TEXTS_WAIT_MS = 2500;

/**
 * Adds the launcher to the page and asks for the form definition in `language` (the site's when empty): it
 * brings the texts in the visitor's language with the owner's wording, the launcher's included, and the corner.
 * The form's code is loaded when the launcher is first used. Nothing is stored.
 */
export function mountWidget(home: string, language: string, hideLauncher = false): void {
  // A page that includes the script twice still gets one launcher.
  if (document.querySelector(TAG)) return;
  const host = document.createElement(TAG);
  // Open mode: closing it would hide nothing from the page's scripts and would block testing tools.
  const root = host.attachShadow({ mode: 'open' });
  const restyle = styleRoot(root, host);
  const launcher = h('button', { type: 'button', class: 'launch', 'aria-haspopup': 'dialog', hidden: true });
  // Hidden by the script tag (data-launcher="hidden") or Settings: the page opens the form itself (Helpdesk('open')).
  let hidden = hideLauncher;
  const show = (text = LAUNCHER_ENGLISH): void => {
    launcher.textContent = text;
    launcher.hidden = hidden;
  };
  const definition = fetchForm(home, language).then((form) => {
    if (form?.texts && form.lang) {
      const rtl = form.dir === 'rtl';
      host.lang = form.lang;
      host.dir = rtl ? 'rtl' : 'ltr';
      // The corner at the start of the line (left in English, right in Arabic) when the owner chose it.
      host.toggleAttribute('data-start', form.position === (rtl ? 'right' : 'left'));
    }
    hidden ||= form?.launcher_hidden === true;
    show(form?.texts?.launcher);
    return form;
  });
  // A slow help desk: the launcher shows in English meanwhile, and changes when the texts come.
  setTimeout(() => launcher.hidden && show(), TEXTS_WAIT_MS);
  let open: (() => void) | undefined;
  let loading = false;
  // Loads the form's code once; `then` runs when the dialog exists.
  const load = (then?: () => void): void => {
    if (loading) return;
    loading = true;
    loadFiles(home, (mount) =>
      definition.then((form) => {
        const made = mount.dialog?.(home, root, launcher, restyle, form);
        open = made;
        if (made?.ui && mount.pageApi) attachPage(mount.pageApi(made.ui, { identityRequired: form?.identity_required === true }));
        then?.();
      }),
    );
  };
  // The page's Helpdesk(…) calls wait for the form's code; one that shows the form loads it.
  const attachPage = takePageCalls(() => load());
  launcher.addEventListener('click', () => (open ? open() : load(() => open?.())));
  host.lang = 'en';
  host.dir = 'ltr';
  root.append(launcher);
  restyle();
  document.body.append(host);
}
