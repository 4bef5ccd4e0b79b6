// The suggestion code's two requests: plain GETs without cookies or custom headers (no preflight), each answer
// checked field by field; undefined on any failure (the form then simply shows no suggestions).

export interface Suggestion {
  id: number;
  title: string;
  snippet: string;
  link: string;
}
export interface SuggestedAnswer {
  text: string;
  sources: number[];
}
export interface Suggestions {
  suggestions: Suggestion[];
  answer?: SuggestedAnswer;
}
export interface Article {
  id: number;
  title: string;
  html: string;
  link: string;
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null;
const isDoc = (v: unknown): v is Suggestion =>
  isObject(v) && typeof v.id === 'number' && typeof v.title === 'string' && typeof v.snippet === 'string' && typeof v.link === 'string';

const DOCS = '/api/helpdesk/v1/docs/';

async function getJson(url: string, signal?: AbortSignal): Promise<unknown> {
  try {
    const res = await fetch(url, { credentials: 'omit', signal });
    return res.ok ? await res.json() : undefined;
  } catch {
    return undefined;
  }
}

/** Up to three docs for the visitor's text, in their language first; with `withAnswer`, the AI's answer too when the help desk has one. */
export async function fetchSuggestions(
  home: string,
  q: string,
  lang: string,
  signal?: AbortSignal,
  withAnswer = false,
): Promise<Suggestions | undefined> {
  const query = new URLSearchParams({ q, limit: '3' });
  if (lang) query.set('lang', lang);
  // The AI's answer takes seconds: asked for only once the visitor pauses (the route's `answer=true`).
  if (withAnswer) query.set('answer', 'true');
  const data = await getJson(`${home}${DOCS}suggest?${query}`, signal);
  if (!isObject(data) || !Array.isArray(data.suggestions)) return undefined;
  const answer = data.answer;
  return {
    suggestions: data.suggestions.filter(isDoc).slice(0, 3),
    answer:
      isObject(answer) && typeof answer.text === 'string' && answer.text.trim()
        ? {
            text: answer.text,
            sources: Array.isArray(answer.sources) ? answer.sources.filter((s): s is number => typeof s === 'number') : [],
          }
        : undefined,
  };
}

/** One published doc as the server rendered and sanitised it. */
export async function fetchArticle(home: string, id: number): Promise<Article | undefined> {
  const data = await getJson(`${home}${DOCS}${id}/article`);
  return isObject(data) &&
    typeof data.id === 'number' &&
    typeof data.title === 'string' &&
    typeof data.html === 'string' &&
    typeof data.link === 'string'
    ? (data as unknown as Article)
    : undefined;
}
