// A session can end under an open screen (signed out elsewhere, expired, the account disabled). The first answer
// that says so (401) tells the app, which asks /me again and shows the sign-in form instead of a broken screen.
type Listener = () => void;
const listeners = new Set<Listener>();

/** Calls `listener` when an answer says the sign-in is over; returns the unsubscribe. */
export function onSignInExpired(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Tells the app the session is over (a 401 from the API). */
export function reportSignInExpired(): void {
  for (const listener of listeners) listener();
}
