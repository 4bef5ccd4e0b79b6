import { type FormEvent, useState } from 'react';
import { ApiError, type Lookups, type Tag } from '../api/api.js';
import { applyBulkChange, type BulkChange } from './bulk-change.js';

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
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [tagName, setTagName] = useState('');

  const apply = async (change: BulkChange, what: string) => {
    setBusy(true);
    setError('');
    try {
      onDone(change, await applyBulkChange(selected, change, what));
    } catch (e) {
      setError(e instanceof ApiError ? e.problem.detail || e.problem.title : String(e));
    } finally {
      setBusy(false);
    }
  };
  const onTag = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const name = tagName.trim();
    if (!name) return setError('Type a tag first.');
    if (submitter?.value === 'remove') void apply({ remove_tag: name }, `Tag ${name} removed`);
    else void apply({ add_tag: name }, `Tag ${name} added`);
  };

  return (
    <section className="bulk-bar" aria-label="Change the selected tickets" data-testid="bulk-bar">
      <p>
        <strong>{selected.length}</strong> selected{' '}
        <button type="button" className="button-quiet" onClick={onClear}>
          Clear selection
        </button>
      </p>
      <div className="filter">
        <label htmlFor="bulk-status">Set status</label>
        <select
          id="bulk-status"
          value=""
          disabled={busy}
          onChange={(e) => {
            const status = lookups.statuses.find((s) => s.slug === e.target.value);
            if (status) void apply({ status: status.slug }, `Status set to ${status.name}`);
          }}
        >
          <option value="">Choose…</option>
          {lookups.statuses.map((s) => (
            <option key={s.slug} value={s.slug}>
              {s.name}
            </option>
          ))}
        </select>
      </div>
      <div className="filter">
        <label htmlFor="bulk-assignee">Assign to</label>
        <select
          id="bulk-assignee"
          value=""
          disabled={busy}
          onChange={(e) => {
            if (e.target.value === '') return;
            const user = lookups.staff.find((u) => String(u.id) === e.target.value);
            if (e.target.value === 'none') void apply({ assignee: null }, 'Unassigned');
            else if (user) void apply({ assignee: user.id }, `Assigned to ${user.name}`);
          }}
        >
          <option value="">Choose…</option>
          <option value="none">No one (unassign)</option>
          {lookups.staff.map((u) => (
            <option key={u.id} value={u.id}>
              {u.name}
            </option>
          ))}
        </select>
      </div>
      <form className="bulk-tag" onSubmit={onTag}>
        <label htmlFor="bulk-tag">Tag to add or remove</label>
        <input id="bulk-tag" list="bulk-tag-names" value={tagName} maxLength={40} onChange={(e) => setTagName(e.target.value)} />
        <datalist id="bulk-tag-names">
          {tags.map((t) => (
            <option key={t.id} value={t.name} />
          ))}
        </datalist>
        <button type="submit" value="add" disabled={busy}>
          Add tag
        </button>
        <button type="submit" value="remove" className="button-quiet" disabled={busy}>
          Remove tag
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
