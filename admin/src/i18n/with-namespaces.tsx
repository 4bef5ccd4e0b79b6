import { type ReactNode, useEffect, useState } from 'react';
import { hasNamespaces, type LazyNamespace, loadNamespaces, useT } from './i18n.js';

/**
 * Renders `children` once the lazy namespaces `names` are loaded in the language shown and in English: until then
 * a quiet "Loading…", never a screen of raw keys. Later changes of language load them before they show
 * (`applyLanguage`), so the screen stays as it is meanwhile. Placed at a lazy screen's route (app.tsx).
 */
export function WithNamespaces({ names, children }: { names: readonly LazyNamespace[]; children: ReactNode }) {
  const translator = useT();
  const ready = hasNamespaces(translator, names);
  const [failed, setFailed] = useState('');
  const wanted = names.join();
  // `wanted` stands for `names`, a new array each render.
  useEffect(() => {
    if (!ready) loadNamespaces(names).catch((error: Error) => setFailed(error.message));
  }, [ready, wanted]);
  if (ready) return children;
  if (failed) return <p role="alert">{translator.t('admin.app.notAnswering', { error: failed })}</p>;
  return <p aria-busy="true">{translator.t('admin.app.loading')}</p>;
}
