import { type FormEvent, useEffect, useState } from 'react';
import { isSeededName, termLabel } from '../../../common/i18n/term-label.js';
import { LABEL_MAX_LENGTH } from '../../../common/limits.js';
import { api, type Option } from '../api/api.js';
import { useT } from '../i18n/i18n.js';
import { ListScreen } from '../shared/list-screen.js';
import { useListScreen } from '../shared/use-list-screen.js';

const TITLES = {
  reasons: 'settings.terms.reasons',
  urgencies: 'settings.terms.urgencies',
  statuses: 'settings.terms.statuses',
} as const;
const NEW_LABELS = {
  reasons: 'settings.terms.new_reason',
  urgencies: 'settings.terms.new_urgency',
  statuses: 'settings.terms.new_status',
} as const;
const LIST_PATH = { reasons: '/tickets/reasons/', urgencies: '/tickets/urgencies/', statuses: '/statuses/' };
const TAXONOMY = { reasons: 'ticket_reason', urgencies: 'ticket_urgency', statuses: 'ticket_status' } as const;

/**
 * Reasons, urgencies and statuses: rename, add, order (up/down), delete. The fields hold the stored names; a name
 * still as the install seeded it says how the reader reads it, since everyone reads it in their own language.
 */
export function TermsEditor({ kind, onChanged }: { kind: 'reasons' | 'urgencies' | 'statuses'; onChanged: () => void }) {
  const { t } = useT();
  const title = t(TITLES[kind]);
  const { items, error, status, run } = useListScreen<Option[]>({ path: LIST_PATH[kind], title, onChanged });
  // Orders are rewritten as 10, 20, 30… so a move is one swap of neighbours.
  const move = (index: number, delta: number) => {
    if (!items) return;
    const next = [...items];
    const [item] = next.splice(index, 1);
    next.splice(index + delta, 0, item as Option);
    return run(
      () => Promise.all(next.map((t, i) => api('PATCH', `/${kind}/${t.id}`, { order: (i + 1) * 10 }))),
      t('settings.terms.order_saved'),
    );
  };
  const add = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const name = String(new FormData(form).get('name') ?? '').trim();
    return run(
      () => api('POST', `/${kind}/`, { name, order: ((items?.length ?? 0) + 1) * 10 }).then(() => form.reset()),
      t('settings.terms.added', { name }),
    );
  };
  return (
    <ListScreen
      title={title}
      intro={kind === 'statuses' && <p className="muted">{t('settings.terms.statuses_intro')}</p>}
      error={error}
      status={status}
    >
      {items && (
        <ol className="term-list">
          {items.map((item, index) => (
            <li key={item.id} className="card term-row">
              <RenameForm
                item={item}
                taxonomy={TAXONOMY[kind]}
                onRename={(name) => run(() => api('PATCH', `/${kind}/${item.id}`, { name }), t('settings.terms.renamed'))}
              />
              <code className="muted">{item.slug}</code>
              {kind === 'statuses' && (
                <ClientLabelForm
                  item={item}
                  onSave={(label) =>
                    run(() => api('PATCH', `/statuses/${item.id}`, { client_label: label || null }), t('settings.terms.client_label_saved'))
                  }
                />
              )}
              <div className="row-actions">
                <button type="button" className="button-quiet" disabled={index === 0} onClick={() => move(index, -1)}>
                  {t('settings.terms.up')}
                  <span className="visually-hidden"> {item.name}</span>
                </button>
                <button type="button" className="button-quiet" disabled={index === items.length - 1} onClick={() => move(index, 1)}>
                  {t('settings.terms.down')}
                  <span className="visually-hidden"> {item.name}</span>
                </button>
                <button
                  type="button"
                  className="button-quiet danger"
                  onClick={() =>
                    confirm(t('settings.terms.confirm_delete', { name: item.name })) &&
                    run(() => api('DELETE', `/${kind}/${item.id}`), t('settings.terms.deleted'))
                  }
                >
                  {t('settings.delete')}
                  <span className="visually-hidden"> {item.name}</span>
                </button>
              </div>
            </li>
          ))}
        </ol>
      )}
      <form className="card inline-add" onSubmit={add}>
        <label htmlFor="term-new">{t(NEW_LABELS[kind])}</label>
        <input id="term-new" name="name" required maxLength={LABEL_MAX_LENGTH} />
        <button type="submit">{t('settings.add')}</button>
      </form>
    </ListScreen>
  );
}

function RenameForm({ item, taxonomy, onRename }: { item: Option; taxonomy: string; onRename: (name: string) => void }) {
  const tr = useT();
  const { t } = tr;
  const [name, setName] = useState(item.name);
  const seeded = isSeededName(taxonomy, item.slug, item.name);
  const hint = `term-${item.id}-seeded`;
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
        {t('settings.terms.name_of', { name: item.name })}
      </label>
      <input
        id={`term-${item.id}`}
        value={name}
        onChange={(e) => setName(e.target.value)}
        required
        maxLength={LABEL_MAX_LENGTH}
        aria-describedby={seeded ? hint : undefined}
      />
      <button type="submit" className="button-secondary" disabled={name === item.name}>
        {t('settings.terms.rename')}
        <span className="visually-hidden"> {item.name}</span>
      </button>
      {seeded && (
        <p id={hint} className="muted term-seeded" data-testid="term-seeded">
          {t('admin.terms.seededName', { name: termLabel(tr, taxonomy, item.slug, item.name) })}
        </p>
      )}
    </form>
  );
}

/** A status's words for the client ("Awaiting our reply" for Waiting); empty shows the name. */
function ClientLabelForm({ item, onSave }: { item: Option; onSave: (label: string) => void }) {
  const tr = useT();
  const { t } = tr;
  const [label, setLabel] = useState(item.client_label ?? '');
  const seeded = item.client_label != null && isSeededName('client_label', item.slug, item.client_label);
  const hint = `client-label-${item.id}-seeded`;
  useEffect(() => setLabel(item.client_label ?? ''), [item.client_label]);
  return (
    <form
      className="rename"
      onSubmit={(e) => {
        e.preventDefault();
        onSave(label.trim());
      }}
    >
      <label htmlFor={`client-label-${item.id}`}>{t('settings.terms.clients_read')}</label>
      <input
        id={`client-label-${item.id}`}
        value={label}
        onChange={(e) => setLabel(e.target.value)}
        maxLength={100}
        placeholder={item.name}
        aria-describedby={seeded ? hint : undefined}
      />
      <button type="submit" className="button-secondary" disabled={label === (item.client_label ?? '')}>
        {t('settings.save')}
        <span className="visually-hidden"> {t('settings.terms.client_label_of', { name: item.name })}</span>
      </button>
      {seeded && item.client_label != null && (
        <p id={hint} className="muted term-seeded" data-testid="client-label-seeded">
          {t('admin.terms.seededClientLabel', { label: termLabel(tr, 'client_label', item.slug, item.client_label) })}
        </p>
      )}
    </form>
  );
}
