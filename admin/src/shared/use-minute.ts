import { useSyncExternalStore } from 'react';

// One timer for every screen that shows times relative to now ("due in 25 min"): it runs while something
// listens, and each minute those re-render with the new time, with no request.
const listeners = new Set<() => void>();
let now = Date.now();
let timer: ReturnType<typeof setInterval> | undefined;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (timer === undefined) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      for (const l of listeners) l();
    }, 60_000);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer !== undefined) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

/** The time now, renewed every minute while the component is shown. */
export function useMinute(): number {
  return useSyncExternalStore(subscribe, () => now);
}
