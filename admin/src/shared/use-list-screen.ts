import { useEffect } from 'react';
import { useApi } from '../api/use-api.js';
import { useDocumentTitle } from './use-document-title.js';
import { useEditorActions } from './use-editor-actions.js';

const noChange = () => {};

/**
 * The data of a list screen with its form: the list (GET `path`, null: no list), the tab's title, and the
 * save loop (run a change, say so, reload the list, tell the app). One error line shows a failed load or change.
 */
export function useListScreen<T>({ path, title, onChanged = noChange }: { path: string | null; title: string; onChanged?: () => void }) {
  const list = useApi<T>(path);
  const actions = useEditorActions(list.reload, onChanged);
  useDocumentTitle(title);
  const { setError } = actions;
  // A failed load shows where a failed change does; a new screen (another kind of term, say) starts clean.
  useEffect(() => setError(list.error), [list.error, setError]);
  return { items: list.data, reload: list.reload, ...actions };
}
