import { resolveHomeUrl } from './resolve-home-url.js';
import { mountWidget } from './widget.js';

// Emitted by the help site on the line before this script (spec §4.1); may be absent on a copy.
declare const HELPDESK_HOME_URL: unknown;

// currentScript is only set while the script first runs, so read it before anything waits.
const script = document.currentScript as HTMLScriptElement | null;
const home = resolveHomeUrl({
  variable: typeof HELPDESK_HOME_URL === 'undefined' ? undefined : HELPDESK_HOME_URL,
  scriptSrc: script?.src,
  origin: location.origin,
});

// An async script in <head> can run before <body> exists.
if (document.body) mountWidget(home);
else document.addEventListener('DOMContentLoaded', () => mountWidget(home), { once: true });
