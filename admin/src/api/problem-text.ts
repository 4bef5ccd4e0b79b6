import { ApiError } from './api.js';
import { reportSignInExpired } from './sign-in-expiry.js';

/** What a 401 says on screen while the app turns to the sign-in form. */
export const SIGN_IN_EXPIRED = 'Your sign-in has ended. Sign in again to go on.';

/**
 * A failed call in the words a screen shows: the problem's detail (RFC 9457), else its title, else the error's
 * own message. A 401 also tells the app that the sign-in is over.
 */
export function problemText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.problem.status === 401) {
      reportSignInExpired();
      return error.problem.detail || SIGN_IN_EXPIRED;
    }
    return error.problem.detail || error.problem.title;
  }
  return error instanceof Error ? error.message : String(error);
}

/** True for the rejection of a call that was cancelled on purpose (screen left, parameters changed). */
export function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}
