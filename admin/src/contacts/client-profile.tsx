import { type FormEvent, useState } from 'react';
import { api, type ResponseOf } from '../api/api.js';
import { problemText } from '../api/problem-text.js';
import { useApi } from '../api/use-api.js';
import { useT } from '../i18n/i18n.js';
import { termName } from '../i18n/term-name.js';
import { Link } from '../shared/router.js';
import { AttributesEditor } from './attributes-editor.js';
import './contacts.css';
import { useDocumentTitle } from '../shared/use-document-title.js';
import { When } from '../shared/when.js';

type Profile = ResponseOf<'getClient'>;
type Organisations = ResponseOf<'listOrganisations'>;
type ClientPage = ResponseOf<'listClients'>;

/** One client's profile: details, notes and custom attributes (editable), addresses, tickets with their status, ratings, merge. */
export function ClientProfileScreen({ id }: { id: number }) {
  const tr = useT();
  const { t } = tr;
  const { data: profile, error, setData } = useApi<Profile>(`/clients/${id}`);
  const { data: orgs } = useApi<Organisations>('/organisations/');
  const [said, setSaid] = useState('');
  useDocumentTitle(profile?.name ?? t('admin.nav.clients'));
  const run = async (call: () => Promise<Profile>, done: string) => {
    try {
      setData(await call());
      setSaid(done);
    } catch (failure) {
      setSaid(problemText(failure));
    }
  };
  if (!profile) {
    return error ? (
      <p role="alert" className="alert">
        {error}
      </p>
    ) : (
      <p aria-busy="true">{t('admin.app.loading')}</p>
    );
  }
  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const org = String(form.get('organisation') ?? '');
    const body = {
      name: String(form.get('name') ?? ''),
      notes: String(form.get('notes') ?? ''),
      organisation_id: org ? Number(org) : null,
    };
    void run(() => api<Profile>('PATCH', `/clients/${id}`, body), t('contacts.profile.saved'));
  };
  const addAddress = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const input = form.elements.namedItem('address') as HTMLInputElement;
    void run(async () => {
      const saved = await api<Profile>('POST', `/clients/${id}/addresses`, { address: input.value });
      form.reset();
      return saved;
    }, t('contacts.profile.saved'));
  };
  return (
    <section aria-labelledby="client-title" className="client-profile">
      <div className="page-head">
        <h1 id="client-title">
          <bdi>{profile.name}</bdi>
        </h1>
      </div>
      {profile.merged_into !== null && (
        <p className="alert" role="status">
          {t('contacts.profile.merged')} <Link to={`clients/${profile.merged_into}`}>#{profile.merged_into}</Link>
        </p>
      )}
      <p role="status" aria-live="polite">
        {said}
      </p>
      <div className="profile-grid">
        {/* Keyed by the organisations' arrival: a select's default value only applies to options present when it mounts. */}
        <form key={orgs ? 'orgs' : 'no-orgs'} className="card" onSubmit={save} aria-labelledby="details-heading">
          <h2 id="details-heading">{t('contacts.profile.details')}</h2>
          <label className="field">
            <span>{t('contacts.profile.name')}</span>
            <input name="name" defaultValue={profile.name} required />
          </label>
          <label className="field">
            <span>{t('contacts.profile.organisation')}</span>
            <select name="organisation" defaultValue={profile.organisation?.id ?? ''}>
              <option value="">{t('contacts.profile.noOrganisation')}</option>
              {orgs?.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.name}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            <span>{t('contacts.profile.notes')}</span>
            <textarea name="notes" rows={4} defaultValue={profile.notes} />
          </label>
          <button type="submit">{t('contacts.profile.save')}</button>
        </form>
        <AttributesEditor
          attributes={profile.attributes}
          onSave={async (attributes) => setData(await api<Profile>('PATCH', `/clients/${id}`, { attributes }))}
        />
        <section className="card" aria-labelledby="addresses-heading">
          <h2 id="addresses-heading">{t('contacts.profile.addresses')}</h2>
          <ul className="plain-list">
            <li>
              <span dir="ltr">{profile.email}</span> <span className="muted">({t('contacts.profile.primary')})</span>
            </li>
            {profile.addresses.map((address) => (
              <li key={address}>
                <span dir="ltr">{address}</span>{' '}
                <button
                  type="button"
                  className="link-button"
                  onClick={() =>
                    void run(
                      () => api<Profile>('DELETE', `/clients/${id}/addresses/${encodeURIComponent(address)}`),
                      t('contacts.profile.saved'),
                    )
                  }
                >
                  {t('contacts.profile.remove', { address })}
                </button>
              </li>
            ))}
          </ul>
          <form onSubmit={addAddress}>
            <label className="field">
              <span>{t('contacts.profile.newAddress')}</span>
              <input name="address" type="email" dir="ltr" required />
            </label>
            <button type="submit">{t('contacts.profile.addAddress')}</button>
          </form>
        </section>
        <section className="card" aria-labelledby="tickets-heading">
          <h2 id="tickets-heading">{t('contacts.profile.tickets', { count: profile.ticket_count })}</h2>
          {profile.tickets.length === 0 && <p className="muted">{t('contacts.profile.noTickets')}</p>}
          <ul className="plain-list">
            {profile.tickets.map((ticket) => (
              <li key={ticket.id}>
                <Link to={`tickets/${ticket.number ?? ticket.id}`}>
                  #{ticket.number ?? ticket.id} <bdi>{ticket.subject}</bdi>
                </Link>{' '}
                <span className="muted">
                  <bdi>{termName(tr, 'status', { slug: ticket.status, name: ticket.status_name })}</bdi> · <When iso={ticket.updated} />
                </span>
              </li>
            ))}
          </ul>
        </section>
        <section className="card" aria-labelledby="ratings-heading">
          <h2 id="ratings-heading">{t('contacts.profile.ratings')}</h2>
          {profile.ratings.length === 0 && <p className="muted">{t('contacts.profile.noRatings')}</p>}
          <ul className="plain-list">
            {profile.ratings.map((rating) => (
              <li key={`${rating.ticket_id}-${rating.created}`}>
                #{rating.ticket_number ?? rating.ticket_id}:{' '}
                {rating.rating === 'yes' ? t('contacts.profile.ratingYes') : t('contacts.profile.ratingNo')}
                {rating.comment && (
                  <>
                    {' — '}
                    <bdi>{rating.comment}</bdi>
                  </>
                )}
              </li>
            ))}
          </ul>
        </section>
        {profile.merged_into === null && (
          <MergeCard profile={profile} onMerged={(merged) => run(async () => merged, t('contacts.merge.done'))} />
        )}
      </div>
    </section>
  );
}

/** Merge: find the other client by email, read a plain warning naming who stays, then confirm. */
function MergeCard({ profile, onMerged }: { profile: Profile; onMerged: (p: Profile) => void }) {
  const { t } = useT();
  const [other, setOther] = useState<ClientPage['clients'][number] | null>(null);
  const [problem, setProblem] = useState('');
  const find = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const email = (event.currentTarget.elements.namedItem('source') as HTMLInputElement).value.trim();
    try {
      const page = await api<ClientPage>('GET', `/clients/?search=${encodeURIComponent(email)}`);
      const found = page.clients.find((c) => c.id !== profile.id) ?? null;
      setOther(found);
      setProblem(found ? '' : t('contacts.merge.notFound'));
    } catch (failure) {
      setProblem(problemText(failure));
    }
  };
  const merge = async () => {
    if (!other) return;
    try {
      onMerged(await api<Profile>('POST', `/clients/${profile.id}/merge`, { source_id: other.id }));
      setOther(null);
    } catch (failure) {
      setProblem(problemText(failure));
    }
  };
  return (
    <section className="card" aria-labelledby="merge-heading">
      <h2 id="merge-heading">{t('contacts.merge.title')}</h2>
      <form onSubmit={find}>
        <label className="field">
          <span>{t('contacts.merge.source')}</span>
          <input name="source" type="search" dir="ltr" required />
        </label>
        <button type="submit">{t('contacts.merge.find')}</button>
      </form>
      {problem && (
        <p role="alert" className="alert">
          {problem}
        </p>
      )}
      {other && (
        <div className="merge-confirm">
          <p className="warning">{t('contacts.merge.warning', { name: profile.name, other: `${other.name} <${other.email}>` })}</p>
          <button type="button" className="danger" onClick={() => void merge()}>
            {t('contacts.merge.confirm', { name: profile.name })}
          </button>
        </div>
      )}
    </section>
  );
}
