import { translator } from '../i18n/i18n.js';
import { ApiError } from './api.js';
import { reportSignInExpired } from './sign-in-expiry.js';

/** What a 401 says on screen while the app turns to the sign-in form, in the reader's language. */
export const signInExpiredText = (): string => translator().t('admin.problem.signInEnded');

/**
 * A failed call in the words a screen shows, in the reader's language: the problem's detail (RFC 9457; the
 * server writes it in the signed-in person's language), else plain words for what happened — a sign-in that
 * ended, a helpdesk that could not be reached, an error page of a proxy. A 401 also tells the app that the
 * sign-in is over.
 */
export function problemText(error: unknown): string {
  const t = translator();
  if (error instanceof ApiError) {
    if (error.problem.status === 401) {
      reportSignInExpired();
      return error.problem.detail || signInExpiredText();
    }
    // A body that is no problem (a proxy's 502 page): its status line is no sentence for people.
    return error.problem.detail || t.t('admin.problem.status', { status: error.problem.status });
  }
  // fetch's own failure ("Failed to fetch", "NetworkError…"): the browser's words, in the browser's language.
  if (error instanceof TypeError && !isOwnText(error.message)) return t.t('admin.problem.noConnection');
  return error instanceof Error ? error.message : String(error);
}

/** True for a TypeError the app made itself with a translated text (apiForm's "could not be sent"). */
function isOwnText(text: string): boolean {
  return text === translator().t('admin.problem.filesNotSent');
}

/** True for the rejection of a call that was cancelled on purpose (screen left, parameters changed). */
export function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}
