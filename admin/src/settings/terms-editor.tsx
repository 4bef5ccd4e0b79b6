import { type FormEvent, useEffect, useState } from 'react';
import { LABEL_MAX_LENGTH } from '../../../common/limits.js';
import { api, type Option } from '../api/api.js';
import { ListScreen } from '../shared/list-screen.js';
import { useListScreen } from '../shared/use-list-screen.js';

const TITLES = { reasons: 'Reasons', urgencies: 'Urgencies', statuses: 'Statuses' };
const LIST_PATH = { reasons: '/tickets/reasons/', urgencies: '/tickets/urgencies/', statuses: '/statuses/' };

/** Reasons, urgencies and statuses: rename, add, order (up/down), delete. */
export function TermsEditor({ kind, onChanged }: { kind: 'reasons' | 'urgencies' | 'statuses'; onChanged: () => void }) {
  const { items, error, status, run } = useListScreen<Option[]>({ path: LIST_PATH[kind], title: TITLES[kind], onChanged });
  // Orders are rewritten as 10, 20, 30… so a move is one swap of neighbours.
  const move = (index: number, delta: number) => {
    if (!items) return;
    const next = [...items];
    const [item] = next.splice(index, 1);
    next.splice(index + delta, 0, item as Option);
    return run(() => Promise.all(next.map((t, i) => api('PATCH', `/${kind}/${t.id}`, { order: (i + 1) * 10 }))), 'Order saved.');
  };
  const add = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const name = String(new FormData(form).get('name') ?? '').trim();
    return run(() => api('POST', `/${kind}/`, { name, order: ((items?.length ?? 0) + 1) * 10 }).then(() => form.reset()), `${name} added.`);
  };
  return (
    <ListScreen
      title={TITLES[kind]}
      intro={
        kind === 'statuses' && (
          <p className="muted">
            The first status is the one new tickets start in. Waiting and In Progress are used by the automatic transitions and can be
            renamed but not deleted.
          </p>
        )
      }
      error={error}
      status={status}
    >
      {items && (
        <ol className="term-list">
          {items.map((item, index) => (
            <li key={item.id} className="card term-row">
              <RenameForm item={item} onRename={(name) => run(() => api('PATCH', `/${kind}/${item.id}`, { name }), 'Renamed.')} />
              <code className="muted">{item.slug}</code>
              {kind === 'statuses' && (
                <ClientLabelForm
                  item={item}
                  onSave={(label) =>
                    run(() => api('PATCH', `/statuses/${item.id}`, { client_label: label || null }), 'Client label saved.')
                  }
                />
              )}
              <div className="row-actions">
                <button type="button" className="button-quiet" disabled={index === 0} onClick={() => move(index, -1)}>
                  Up<span className="visually-hidden"> {item.name}</span>
                </button>
                <button type="button" className="button-quiet" disabled={index === items.length - 1} onClick={() => move(index, 1)}>
                  Down<span className="visually-hidden"> {item.name}</span>
                </button>
                <button
                  type="button"
                  className="button-quiet danger"
                  onClick={() => confirm(`Delete “${item.name}”?`) && run(() => api('DELETE', `/${kind}/${item.id}`), 'Deleted.')}
                >
                  Delete<span className="visually-hidden"> {item.name}</span>
                </button>
              </div>
            </li>
          ))}
        </ol>
      )}
      <form className="card inline-add" onSubmit={add}>
        <label htmlFor="term-new">New {kind === 'statuses' ? 'status' : kind === 'reasons' ? 'reason' : 'urgency'}</label>
        <input id="term-new" name="name" required maxLength={LABEL_MAX_LENGTH} />
        <button type="submit">Add</button>
      </form>
    </ListScreen>
  );
}

function RenameForm({ item, onRename }: { item: Option; onRename: (name: string) => void }) {
  const [name, setName] = useState(item.name);
  useEffect(() => setName(item.name), [item.name]);
  return (
    <form
      className="rename"
      onSubmit={(e) => {
        e.preventDefault();
        if (name.trim() && name !== item.name) onRename(name.trim());
      }}
    >
      <label htmlFor={`term-${item.id}`} className="visually-hidden">
        Name of {item.name}
      </label>
      <input id={`term-${item.id}`} value={name} onChange={(e) => setName(e.target.value)} required maxLength={LABEL_MAX_LENGTH} />
      <button type="submit" className="button-secondary" disabled={name === item.name}>
        Rename<span className="visually-hidden"> {item.name}</span>
      </button>
    </form>
  );
}

/** A status's words for the client ("Awaiting our reply" for Waiting); empty shows the name. */
function ClientLabelForm({ item, onSave }: { item: Option; onSave: (label: string) => void }) {
  const [label, setLabel] = useState(item.client_label ?? '');
  useEffect(() => setLabel(item.client_label ?? ''), [item.client_label]);
  return (
    <form
      className="rename"
      onSubmit={(e) => {
        e.preventDefault();
        onSave(label.trim());
      }}
    >
      <label htmlFor={`client-label-${item.id}`}>Clients read</label>
      <input
        id={`client-label-${item.id}`}
        value={label}
        onChange={(e) => setLabel(e.target.value)}
        maxLength={100}
        placeholder={item.name}
      />
      <button type="submit" className="button-secondary" disabled={label === (item.client_label ?? '')}>
        Save<span className="visually-hidden"> the client label of {item.name}</span>
      </button>
    </form>
  );
}
