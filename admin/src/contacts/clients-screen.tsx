import { useState } from 'react';
import type { ResponseOf } from '../api/api.js';
import { useApi } from '../api/use-api.js';
import { useT } from '../i18n/i18n.js';
import { Link } from '../shared/router.js';
import './contacts.css';
import { useDocumentTitle } from '../shared/use-document-title.js';

type ClientPage = ResponseOf<'listClients'>;

/** Clients: everyone who has written, searched by name or any address; each opens their profile. */
export function ClientsScreen({ organisation }: { organisation?: number }) {
  const { t } = useT();
  useDocumentTitle(t('admin.nav.clients'));
  const [search, setSearch] = useState('');
  const query = new URLSearchParams({ per_page: '50' });
  if (search.trim()) query.set('search', search.trim());
  if (organisation) query.set('organisation', String(organisation));
  const { data, error } = useApi<ClientPage>(`/clients/?${query}`);
  return (
    <section aria-labelledby="clients-title">
      <div className="page-head">
        <h1 id="clients-title">{t('admin.nav.clients')}</h1>
      </div>
      <p className="muted">{t('contacts.clients.intro')}</p>
      <label className="field">
        <span>{t('contacts.clients.search')}</span>
        <input type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
      </label>
      {error && (
        <p role="alert" className="alert">
          {error}
        </p>
      )}
      {data && data.clients.length === 0 && <p className="muted">{t('contacts.clients.none')}</p>}
      {data && data.clients.length > 0 && <ClientTable clients={data.clients} />}
    </section>
  );
}

/** The clients as a table: name (to the profile), email, organisation, how many tickets. */
function ClientTable({ clients }: { clients: ClientPage['clients'] }) {
  const { t } = useT();
  return (
    <div className="table-scroll">
      <table className="contacts-table">
        <thead>
          <tr>
            <th scope="col">{t('contacts.col.name')}</th>
            <th scope="col">{t('contacts.col.email')}</th>
            <th scope="col">{t('contacts.col.organisation')}</th>
            <th scope="col">{t('contacts.col.tickets')}</th>
          </tr>
        </thead>
        <tbody>
          {clients.map((c) => (
            <tr key={c.id}>
              <td>
                <Link to={`clients/${c.id}`}>
                  <bdi>{c.name}</bdi>
                </Link>
              </td>
              <td dir="ltr">{c.email}</td>
              <td>{c.organisation ? <Link to={`organisations/${c.organisation.id}`}>{c.organisation.name}</Link> : ''}</td>
              <td>{c.tickets}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
