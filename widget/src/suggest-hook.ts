import type { TicketForm } from './form.js';
import { type MountSuggest, SUGGEST_EVENT, SUGGEST_PATH, type Suggester, type SuggestHost } from './suggest-contract.js';
import { SUGGEST_DELAY_MS, suggestQuery } from './suggest-query.js';

/**
 * Suggests docs while the visitor types the subject or description: 300 ms after the last key, once either holds
 * 3 characters. Nothing is asked before the visitor types; the suggestion code (…/embed/suggest/) is loaded the
 * first time there is something to ask. Returns `search`, for a page that opens suggestions for a text.
 */
export function hookSuggestions(host: SuggestHost, form: TicketForm): (text: string) => void {
  const subject = form.control('subject');
  const description = form.control('description');
  let suggester: Suggester | undefined;
  let loading = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let wanted = '';

  const search = (text: string): void => {
    wanted = text;
    if (suggester) {
      suggester.search(text);
      return;
    }
    if (loading || !text) return;
    loading = true;
    const script = document.createElement('script');
    script.addEventListener(SUGGEST_EVENT, (e) => {
      script.remove();
      suggester = (e as CustomEvent<MountSuggest>).detail(host);
      suggester.search(wanted);
    });
    // Not loaded (offline, blocked): the form works as before, and the next key tries again.
    script.addEventListener('error', () => {
      script.remove();
      loading = false;
    });
    try {
      script.src = host.home + SUGGEST_PATH;
      document.head.append(script);
    } catch {
      // A page enforcing Trusted Types refuses a plain string as a script URL: no suggestions then.
    }
  };

  form.el.addEventListener('input', (e) => {
    if (e.target !== subject && e.target !== description) return;
    host.report('typed');
    clearTimeout(timer);
    timer = setTimeout(() => search(suggestQuery(subject?.value ?? '', description?.value ?? '')), SUGGEST_DELAY_MS);
  });
  form.el.addEventListener('reset', () => {
    clearTimeout(timer);
    search('');
  });
  return search;
}
