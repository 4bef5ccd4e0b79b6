import { useCallback, useEffect, useState } from 'react';
import { problemText } from '../api/problem-text.js';

/**
 * A panel's loop: load its data, run an action that answers with what to tell the user, show that or the problem
 * in plain words, and load again (the action may have changed what the panel shows). `fetch` must keep its identity
 * between renders (a module-level function), or the panel loads for ever.
 */
export function usePanel<T>(fetch: () => Promise<T>) {
  const [data, setData] = useState<T | null>(null);
  const [message, setMessage] = useState('');
  const [problem, setProblem] = useState('');
  const load = useCallback(async () => {
    try {
      setData(await fetch());
    } catch (e) {
      setProblem(problemText(e));
    }
  }, [fetch]);
  useEffect(() => {
    void load();
  }, [load]);

  const run = async (work: () => Promise<string>) => {
    setMessage('');
    setProblem('');
    try {
      setMessage(await work());
    } catch (e) {
      setProblem(problemText(e));
    }
    await load();
  };
  return { data, message, setMessage, problem, run };
}
