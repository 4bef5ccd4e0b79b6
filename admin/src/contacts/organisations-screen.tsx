import { type FormEvent, useState } from 'react';
import { api, type ResponseOf } from '../api/api.js';
import { problemText } from '../api/problem-text.js';
import { useApi } from '../api/use-api.js';
import { useT } from '../i18n/i18n.js';
import { Link, navigate } from '../shared/router.js';
import { AttributesEditor } from './attributes-editor.js';
import './contacts.css';
import { useDocumentTitle } from '../shared/use-document-title.js';
import { ClientsScreen } from './clients-screen.js';

type Organisations = ResponseOf<'listOrganisations'>;

/** Organisations with their domains and counts; add one; one organisation's page lists its clients. */
export function OrganisationsScreen({ id }: { id?: number }) {
  const { t } = useT();
  useDocumentTitle(t('admin.nav.organisations'));
  const { data, error, reload } = useApi<Organisations>('/organisations/');
  const [problem, setProblem] = useState('');
  if (id) {
    const org = data?.find((o) => o.id === id);
    return (
      <section aria-labelledby="org-title">
        <div className="page-head">
          <h1 id="org-title">{org ? <bdi>{org.name}</bdi> : t('admin.nav.organisations')}</h1>
        </div>
        {org && (
          <p className="muted">
            <span dir="ltr">{org.domains.join(', ')}</span> · {t('contacts.col.clients')}: {org.clients} · {t('contacts.col.tickets')}:{' '}
            {org.tickets} · <Link to={`?organisation=${org.id}`}>{t('contacts.orgs.showTickets')}</Link>
          </p>
        )}
        {org && <OrganisationEditor key={`${org.id}-${org.name}-${org.domains.join()}`} org={org} onSaved={reload} />}
        {org && (
          <AttributesEditor
            key={org.id}
            attributes={org.attributes}
            onSave={async (attributes) => {
              await api('PATCH', `/organisations/${org.id}`, { attributes });
              await reload();
            }}
          />
        )}
        <ClientsScreen organisation={id} />
      </section>
    );
  }
  const add = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const fields = new FormData(form);
    const domains = String(fields.get('domains') ?? '')
      .split(',')
      .map((d) => d.trim())
      .filter(Boolean);
    try {
      await api('POST', '/organisations/', { name: String(fields.get('name') ?? ''), domains });
      form.reset();
      setProblem('');
      await reload();
    } catch (failure) {
      setProblem(problemText(failure));
    }
  };
  return (
    <section aria-labelledby="orgs-title">
      <div className="page-head">
        <h1 id="orgs-title">{t('admin.nav.organisations')}</h1>
      </div>
      <p className="muted">{t('contacts.orgs.intro')}</p>
      <form className="card" onSubmit={add}>
        <label className="field">
          <span>{t('contacts.orgs.name')}</span>
          <input name="name" required />
        </label>
        <label className="field">
          <span>{t('contacts.orgs.domains')}</span>
          <input name="domains" dir="ltr" />
        </label>
        <button type="submit">{t('contacts.orgs.add')}</button>
        {problem && (
          <p role="alert" className="alert">
            {problem}
          </p>
        )}
      </form>
      {error && (
        <p role="alert" className="alert">
          {error}
        </p>
      )}
      {data && data.length === 0 && <p className="muted">{t('contacts.orgs.none')}</p>}
      {data && data.length > 0 && (
        <div className="table-scroll">
          <table className="contacts-table">
            <thead>
              <tr>
                <th scope="col">{t('contacts.col.name')}</th>
                <th scope="col">{t('contacts.col.domains')}</th>
                <th scope="col">{t('contacts.col.clients')}</th>
                <th scope="col">{t('contacts.col.tickets')}</th>
              </tr>
            </thead>
            <tbody>
              {data.map((o) => (
                <tr key={o.id}>
                  <td>
                    <Link to={`organisations/${o.id}`}>
                      <bdi>{o.name}</bdi>
                    </Link>
                  </td>
                  <td dir="ltr">{o.domains.join(', ')}</td>
                  <td>{o.clients}</td>
                  <td>{o.tickets}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** One organisation's name, domains and notes, saved together; delete after a confirmation. */
function OrganisationEditor({ org, onSaved }: { org: Organisations[number]; onSaved: () => Promise<void> }) {
  const { t } = useT();
  const [said, setSaid] = useState('');
  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const fields = new FormData(event.currentTarget);
    const domains = String(fields.get('domains') ?? '')
      .split(',')
      .map((d) => d.trim())
      .filter(Boolean);
    try {
      await api('PATCH', `/organisations/${org.id}`, {
        name: String(fields.get('name') ?? ''),
        domains,
        notes: String(fields.get('notes') ?? ''),
      });
      setSaid(t('contacts.profile.saved'));
      await onSaved();
    } catch (failure) {
      setSaid(problemText(failure));
    }
  };
  const remove = async () => {
    if (!window.confirm(t('contacts.orgs.deleteConfirm', { name: org.name }))) return;
    try {
      await api('DELETE', `/organisations/${org.id}`);
      navigate('organisations');
    } catch (failure) {
      setSaid(problemText(failure));
    }
  };
  return (
    <form className="card" onSubmit={save} aria-labelledby="org-edit-heading">
      <h2 id="org-edit-heading">{t('contacts.orgs.edit')}</h2>
      <label className="field">
        <span>{t('contacts.orgs.name')}</span>
        <input name="name" defaultValue={org.name} required />
      </label>
      <label className="field">
        <span>{t('contacts.orgs.domains')}</span>
        <input name="domains" dir="ltr" defaultValue={org.domains.join(', ')} />
      </label>
      <label className="field">
        <span>{t('contacts.orgs.notes')}</span>
        <textarea name="notes" rows={3} defaultValue={org.notes} />
      </label>
      <p role="status" aria-live="polite">
        {said}
      </p>
      <button type="submit">{t('contacts.profile.save')}</button>{' '}
      <button type="button" className="button-quiet danger" onClick={() => void remove()}>
        {t('contacts.orgs.delete')}
      </button>
    </form>
  );
}
