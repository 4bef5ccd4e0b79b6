import { useState } from 'react';
import { problemText } from '../api/problem-text.js';

/**
 * The editors' save loop: run a change, then show what happened (the problem's detail on failure),
 * reload the list and tell the app (its counts and menus may depend on it).
 */
export function useEditorActions(reload: () => Promise<unknown>, onChanged: () => void) {
  const [error, setError] = useState('');
  const [status, setStatus] = useState('');
  /** Resolves true when the change was saved. */
  const run = async (work: () => Promise<unknown>, done: string): Promise<boolean> => {
    try {
      await work();
      setError('');
      setStatus(done);
      await reload();
      onChanged();
      return true;
    } catch (e) {
      setError(problemText(e));
      return false;
    }
  };
  return { error, setError, status, run };
}
