import { h } from '../dom.js';
import { PAGE_EVENTS, type SuggestionDetail } from '../page-events.js';
import type { MountSuggest } from '../suggest-contract.js';
import { answerNodes } from './answer-nodes.js';
import { articleNodes } from './article-nodes.js';
import { type Article, fetchArticle, fetchSuggestions, type SuggestedAnswer, type Suggestion } from './suggest-api.js';
import { styleSuggestions } from './suggest-styles.js';

/** A search that found nothing is reported once the visitor has paused this long on it (not each prefix typed). */
const EMPTY_SEARCH_SETTLED_MS = 2000;
/** The AI's answer (seconds to write) is asked for once the visitor has paused this long on a text that found docs. */
const ANSWER_AFTER_MS = 1500;

/**
 * The suggestion list under the description and the article view in the dialog. The list is announced politely
 * (a status line saying how many were found) and each doc is a button in the tab order; opening one shows the doc
 * in the dialog, ending with "Did this answer your question?": Yes thanks the visitor (who may still file), No goes
 * back to the form with their text as it was.
 */
export const mountSuggest: MountSuggest = (host) => {
  const { t, report } = host;
  const root = host.dialog.getRootNode();
  styleSuggestions(root);
  const raise = (name: string, detail: SuggestionDetail) =>
    (root instanceof ShadowRoot ? root.host : host.dialog).dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true }));

  // The list: a heading and up to four buttons (the suggested answer first, when there is one).
  const list = h('ul', { class: 'sugg-list' });
  const section = h(
    'section',
    { class: 'sugg', 'aria-labelledby': 'hd-sugg-h', hidden: true },
    h('h3', { id: 'hd-sugg-h' }, t('suggest.heading')),
    list,
  );
  // In the page from the start and never hidden: a live region only speaks about changes to what it already holds.
  const status = h('p', { class: 'sr', role: 'status', 'aria-live': 'polite' });
  host.after.after(section, status);

  // The reading view.
  // dir=auto: a doc in another script than the widget's (English in Arabic) reads in its own direction.
  const heading = h('h3', { id: 'hd-art-h', tabindex: -1, dir: 'auto' });
  const body = h('div', { class: 'art-body', dir: 'auto' });
  const source = h('p', { class: 'art-src' });
  const question = h('p', { id: 'hd-ask', class: 'ask-q' }, t('suggest.question'));
  const yes = h('button', { type: 'button' }, t('suggest.yes'));
  const no = h('button', { type: 'button', class: 'quiet' }, t('suggest.no'));
  const ask = h('div', { class: 'ask' }, question, h('div', { class: 'actions', role: 'group', 'aria-labelledby': 'hd-ask' }, yes, no));
  const thanksText = h('p', { role: 'status', tabindex: -1 }, t('suggest.thanks'));
  const toForm = h('button', { type: 'button' }, t('suggest.still_file'));
  const thanks = h('div', { class: 'thanks', hidden: true }, thanksText, h('div', { class: 'actions' }, toForm));
  const back = h('button', { type: 'button', class: 'quiet back' }, t('suggest.back'));
  const view = h('section', { class: 'art', 'aria-labelledby': 'hd-art-h', hidden: true }, back, heading, body, source, ask, thanks);
  host.dialog.append(view);

  let reading: { detail: SuggestionDetail; opener: HTMLElement } | undefined;
  const reader = (isReading: boolean): void => {
    view.hidden = !isReading;
    host.form.hidden = isReading;
    host.intro.hidden = isReading;
  };
  const read = (detail: SuggestionDetail, opener: HTMLElement, title: string, nodes: Node[], link?: Node): void => {
    reading = { detail, opener };
    heading.textContent = title;
    body.replaceChildren(...nodes);
    source.replaceChildren(...(link ? [link] : []));
    ask.hidden = false;
    thanks.hidden = true;
    reader(true);
    host.dialog.scrollTop = 0;
    heading.focus();
    raise(PAGE_EVENTS.suggestionOpened, detail);
  };
  const leave = (focus: HTMLElement): void => {
    reader(false);
    reading = undefined;
    focus.focus();
  };
  const siteLink = (href: string, text: string) => h('a', { href, target: '_blank', rel: 'noopener' }, text);

  const openDoc = async (doc: Suggestion, opener: HTMLButtonElement): Promise<void> => {
    report('doc_opened', doc.id);
    opener.setAttribute('aria-busy', 'true');
    const article: Article | undefined = await fetchArticle(host.home, doc.id);
    opener.removeAttribute('aria-busy');
    // Unreadable here (gone since, or the help desk unreachable): the doc on the help site instead.
    const nodes = article ? articleNodes(article.html, host.home) : [h('p', {}, doc.snippet)];
    read(
      { id: doc.id, title: doc.title },
      opener,
      article?.title ?? doc.title,
      nodes,
      siteLink(article?.link ?? doc.link, t('suggest.on_site')),
    );
  };
  const openAnswer = (answer: SuggestedAnswer, docs: Suggestion[], opener: HTMLButtonElement): void => {
    const cited = docs.filter((d) => answer.sources.includes(d.id));
    const sources = cited.length
      ? h('span', {}, `${t('suggest.sources')} `, ...cited.flatMap((d, i) => [...(i ? [', '] : []), siteLink(d.link, d.title)]))
      : undefined;
    read({ id: 0, title: t('suggest.answer') }, opener, t('suggest.answer'), answerNodes(answer.text), sources);
  };

  yes.addEventListener('click', () => {
    if (!reading) return;
    report('helped', reading.detail.id || undefined);
    raise(PAGE_EVENTS.deflected, reading.detail);
    ask.hidden = true;
    thanks.hidden = false;
    thanksText.focus();
  });
  no.addEventListener('click', () => {
    if (reading) report('not_helped', reading.detail.id || undefined);
    leave(host.resume);
  });
  back.addEventListener('click', () => reading && leave(reading.opener));
  toForm.addEventListener('click', () => leave(host.resume));

  let itemCount = 0;
  const item = (title: string, snippet: string, open: (button: HTMLButtonElement) => void): HTMLLIElement => {
    const id = `hd-sugg-${itemCount++}`;
    const button = h('button', { type: 'button', class: 'sugg-doc', 'aria-describedby': id, dir: 'auto' }, title);
    button.addEventListener('click', () => open(button));
    return h('li', {}, button, h('p', { id, class: 'sugg-snip', dir: 'auto' }, snippet));
  };
  const answerItem = (answer: SuggestedAnswer, docs: Suggestion[]) =>
    item(t('suggest.answer'), answer.text.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').slice(0, 140), (b) => openAnswer(answer, docs, b));
  const show = (docs: Suggestion[], answer: SuggestedAnswer | undefined): void => {
    const items = docs.map((doc) => item(doc.title, doc.snippet, (b) => void openDoc(doc, b)));
    if (answer) items.unshift(answerItem(answer, docs));
    list.replaceChildren(...items);
    section.hidden = items.length === 0;
    status.textContent = docs.length ? t('suggest.found', { count: docs.length }) : '';
    for (const doc of docs) report('shown', doc.id);
  };

  let asked = '';
  let abort: AbortController | undefined;
  let emptyTimer: ReturnType<typeof setTimeout> | undefined;
  let answerTimer: ReturnType<typeof setTimeout> | undefined;
  // The answer goes first in the list without rebuilding it: a visitor already on a doc's button keeps their place.
  const askAnswer = (text: string, signal: AbortSignal): void => {
    void fetchSuggestions(host.home, text, host.lang, signal, true).then((found) => {
      if (text !== asked || !found?.answer || !found.suggestions.length) return;
      list.prepend(answerItem(found.answer, found.suggestions));
    });
  };
  return {
    search(text) {
      if (text === asked) return;
      asked = text;
      abort?.abort();
      clearTimeout(emptyTimer);
      clearTimeout(answerTimer);
      if (!text) return show([], undefined);
      abort = new AbortController();
      const signal = abort.signal;
      void fetchSuggestions(host.home, text, host.lang, signal).then((found) => {
        // A later search has taken over; or the help desk did not answer (the form goes on without suggestions).
        if (text !== asked || !found) return;
        show(found.suggestions, found.answer);
        if (!found.suggestions.length) emptyTimer = setTimeout(() => report('typed', undefined, text), EMPTY_SEARCH_SETTLED_MS);
        else if (!found.answer) answerTimer = setTimeout(() => askAnswer(text, signal), ANSWER_AFTER_MS);
      });
    },
  };
};
