import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from './api.js';
import { isAbort, problemText } from './problem-text.js';

export interface ApiState<T> {
  /** The latest answer; kept while the next one loads, so a refresh does not blank the screen. */
  data: T | null;
  /** The latest failure in plain words (problemText), '' after a success. */
  error: string;
  isLoading: boolean;
  /** Fetches again; resolves when the answer (or the failure) is on screen. */
  reload: () => Promise<void>;
  setData: (data: T | null) => void;
  setError: (error: string) => void;
}

export interface ApiOptions {
  /** The API's root for the path (default: the helpdesk API). */
  root?: string;
  /** Forget the previous answer on failure (a figure that would be wrong) instead of keeping it beside the error. */
  clearOnError?: boolean;
  /** Fetches again whenever this changes (a counter bumped by live updates, the filters of a page beside it). */
  refetchOn?: string | number;
}

/**
 * GETs `path` (null: nothing yet) and keeps the answer. A new path, or leaving the screen, cancels the call in
 * flight (AbortController), so a slow old answer never overwrites a newer one; failures read as problemText.
 */
export function useApi<T>(path: string | null, { root, clearOnError = false, refetchOn }: ApiOptions = {}): ApiState<T> {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState('');
  const [isLoading, setLoading] = useState(path !== null);
  const inFlight = useRef<AbortController | null>(null);

  // `refetchOn` is not read inside: its change alone makes a new `load`, which the effect below runs.
  const load = useCallback(async () => {
    inFlight.current?.abort();
    if (path === null) return;
    const controller = new AbortController();
    inFlight.current = controller;
    setLoading(true);
    try {
      const answer = await api<T>('GET', path, undefined, root, controller.signal);
      if (controller.signal.aborted) return;
      setData(answer);
      setError('');
    } catch (e) {
      if (controller.signal.aborted || isAbort(e)) return;
      if (clearOnError) setData(null);
      setError(problemText(e));
    } finally {
      if (inFlight.current === controller) {
        inFlight.current = null;
        setLoading(false);
      }
    }
  }, [path, root, clearOnError, refetchOn]);

  useEffect(() => {
    void load();
    return () => inFlight.current?.abort();
  }, [load]);

  return { data, error, isLoading, reload: load, setData, setError };
}
