import { type FormEvent, lazy, Suspense, useState } from 'react';
import type { Lookups, Tag } from '../api/api.js';
import { problemText } from '../api/problem-text.js';
import { useT } from '../i18n/i18n.js';
import { termName } from '../i18n/term-name.js';
import { navigate } from '../shared/router.js';
import { applyBulkChange, type BulkChange } from './bulk-change.js';

// Its own chunk, loaded when an agent opens it (the first screen's budget).
const MergeDialog = lazy(() => import('../ticket/merge-dialog.js'));

/**
 * What to do with the selected tickets: set a status, assign, add or remove a tag; one request for all of
 * them (POST /tickets/bulk, all or nothing). Says what happened in a live region.
 */
export function BulkBar({
  selected,
  lookups,
  tags,
  onDone,
  onClear,
}: {
  selected: number[];
  lookups: Lookups;
  tags: Tag[];
  /** The change made, and what happened in words. The selection stays: the next change acts on the same tickets. */
  onDone: (change: BulkChange, message: string) => void;
  onClear: () => void;
}) {
  const tr = useT();
  const { t } = tr;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [tagName, setTagName] = useState('');
  const [merging, setMerging] = useState(false);

  const apply = async (change: BulkChange, what: string) => {
    setBusy(true);
    setError('');
    try {
      onDone(change, await applyBulkChange(selected, change, what));
    } catch (e) {
      setError(problemText(e));
    } finally {
      setBusy(false);
    }
  };
  const onTag = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const name = tagName.trim();
    if (!name) return setError(t('admin.bulk.typeTagFirst'));
    if (submitter?.value === 'remove') void apply({ remove_tag: name }, t('admin.bulk.what.tagRemoved', { tag: name }));
    else void apply({ add_tag: name }, t('admin.bulk.what.tagAdded', { tag: name }));
  };

  return (
    <section className="bulk-bar" aria-label={t('admin.bulk.label')} data-testid="bulk-bar">
      <p>
        {t('admin.bulk.selected', { count: selected.length })}{' '}
        <button type="button" className="button-quiet" onClick={onClear}>
          {t('admin.bulk.clear')}
        </button>
      </p>
      <div className="filter">
        <label htmlFor="bulk-status">{t('admin.bulk.setStatus')}</label>
        <select
          id="bulk-status"
          value=""
          disabled={busy}
          onChange={(e) => {
            const status = lookups.statuses.find((s) => s.slug === e.target.value);
            if (status) void apply({ status: status.slug }, t('admin.bulk.what.status', { name: termName(tr, 'status', status) }));
          }}
        >
          <option value="">{t('admin.bulk.choose')}</option>
          {lookups.statuses.map((s) => (
            <option key={s.slug} value={s.slug}>
              {termName(tr, 'status', s)}
            </option>
          ))}
        </select>
      </div>
      <div className="filter">
        <label htmlFor="bulk-assignee">{t('admin.bulk.assignTo')}</label>
        <select
          id="bulk-assignee"
          value=""
          disabled={busy}
          onChange={(e) => {
            if (e.target.value === '') return;
            const user = lookups.staff.find((u) => String(u.id) === e.target.value);
            if (e.target.value === 'none') void apply({ assignee: null }, t('admin.bulk.what.unassigned'));
            else if (user) void apply({ assignee: user.id }, t('admin.bulk.what.assigned', { name: user.name }));
          }}
        >
          <option value="">{t('admin.bulk.choose')}</option>
          <option value="none">{t('admin.bulk.noOne')}</option>
          {lookups.staff.map((u) => (
            <option key={u.id} value={u.id}>
              {u.name}
            </option>
          ))}
        </select>
      </div>
      {selected.length >= 2 && (
        <button type="button" className="button-secondary" onClick={() => setMerging(true)} data-testid="bulk-merge">
          {t('admin.merge.button')}
        </button>
      )}
      {merging && (
        <Suspense fallback={null}>
          <MergeDialog ids={selected} onClose={() => setMerging(false)} onDone={(stays) => navigate(`tickets/${stays.number}`)} />
        </Suspense>
      )}
      <form className="bulk-tag" onSubmit={onTag}>
        <label htmlFor="bulk-tag">{t('admin.bulk.tagLabel')}</label>
        <input id="bulk-tag" list="bulk-tag-names" value={tagName} maxLength={40} onChange={(e) => setTagName(e.target.value)} />
        <datalist id="bulk-tag-names">
          {tags.map((tag) => (
            <option key={tag.id} value={tag.name} />
          ))}
        </datalist>
        <button type="submit" value="add" disabled={busy}>
          {t('admin.bulk.addTag')}
        </button>
        <button type="submit" value="remove" className="button-quiet" disabled={busy}>
          {t('admin.bulk.removeTag')}
        </button>
      </form>
      {error && (
        <p className="alert" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
