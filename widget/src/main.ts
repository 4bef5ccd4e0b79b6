import { SHIPPED_LANGUAGES } from '../../common/i18n/languages.js';
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
// The site owner's `data-lang` on the script tag, else the visitor's first browser language the help desk
// speaks; none of them: empty, and the help desk answers in the site's language.
const shipped: readonly string[] = SHIPPED_LANGUAGES;
const language =
  script?.dataset.lang ||
  [...(navigator.languages ?? []), navigator.language]
    .map((tag) => tag?.split('-')[0]?.toLowerCase() ?? '')
    .find((l) => shipped.includes(l)) ||
  '';

// An async script can run while the page is still being parsed: before <body> exists, or with only part of it
// read. Mounted then, the launcher would come before the rest of the body, and a page's own overlay parsed after
// it (same top z-index, later in the document) would cover it and take its clicks. So it waits for the parse.
// data-launcher="hidden": the page opens the form from its own button (Helpdesk('open'), issue 38).
const hideLauncher = script?.dataset.launcher === 'hidden';
const mount = () => mountWidget(home, language, hideLauncher);
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', mount, { once: true });
else mount();
