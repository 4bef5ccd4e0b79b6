import { apiRoot } from './api.js';

/** The channel on which a browser's tabs of this helpdesk tell each other who is signed in. */
export const SESSION_CHANNEL = `helpdesk session ${apiRoot}`;

/** What goes on the channel: the account the session cookie now belongs to, or null when signed out. */
export interface SessionNotice {
  user: number | null;
}

/**
 * Tells the browser's other tabs (and the shared live-updates worker) that the session changed. They all
 * share one cookie: a tab still showing the previous account would act as the next one.
 */
export function announceSession(user: number | null): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(SESSION_CHANNEL);
  channel.postMessage({ user } satisfies SessionNotice);
  channel.close();
}

/** Calls `listener` when another tab signs in or out; returns the unsubscribe. */
export function onSessionChange(listener: (user: number | null) => void): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => {};
  const channel = new BroadcastChannel(SESSION_CHANNEL);
  channel.onmessage = ({ data }: MessageEvent<SessionNotice>) => listener(data.user);
  return () => channel.close();
}
