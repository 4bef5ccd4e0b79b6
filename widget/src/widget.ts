import { createTicketDialog } from './dialog.js';
import { h } from './dom.js';
import { T } from './messages.js';
import { styleRoot } from './styles.js';

const TAG = 'helpdesk-widget';

/** Adds the launcher to the page. Nothing is fetched or stored until it is used. */
export function mountWidget(home: string): void {
  // A page that includes the script twice still gets one launcher.
  if (document.querySelector(TAG)) return;
  const host = document.createElement(TAG);
  // Open mode: closing it would hide nothing from the page's scripts and would block testing tools.
  const root = host.attachShadow({ mode: 'open' });
  const restyle = styleRoot(root, host);
  const launcher = h('button', { type: 'button', class: 'launch', 'aria-haspopup': 'dialog' }, T.launcher);
  let open: (() => void) | undefined;
  launcher.addEventListener('click', () => {
    open ??= createTicketDialog(home, root, launcher, restyle);
    open();
  });
  root.append(launcher);
  restyle();
  document.body.append(host);
}
