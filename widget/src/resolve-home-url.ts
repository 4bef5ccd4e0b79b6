/** What the entry script reads from the page to find the help site. */
export interface HomeUrlSources {
  /** Value of the global HELPDESK_HOME_URL, or undefined when it is not defined. */
  variable: unknown;
  /** document.currentScript.src, read while the script first runs. */
  scriptSrc: string | null | undefined;
  /** window.location.origin of the host page. */
  origin: string;
}

// Path segments that only occur in addresses served by the help site itself (spec §4.2).
const MARKERS = ['/content/', '/helpdesk/tickets/embed'];

/** Resolves the help-site base address in the order of spec §4.2; never ends with a slash. */
export function resolveHomeUrl({ variable, scriptSrc, origin }: HomeUrlSources): string {
  // Only a non-empty string counts: an element with id="HELPDESK_HOME_URL" also defines the
  // name on window (DOM clobbering) and must not redirect tickets.
  if (typeof variable === 'string' && variable !== '') return variable.replace(/\/+$/, '');
  if (scriptSrc) {
    const cuts = MARKERS.map((m) => scriptSrc.indexOf(m)).filter((i) => i >= 0);
    if (cuts.length > 0) return scriptSrc.slice(0, Math.min(...cuts));
  }
  // Known failure (spec §4.2): a copy on a third host without a marker or the variable
  // lands here and calls the host page's own site.
  return origin;
}
