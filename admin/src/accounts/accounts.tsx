import { type FormEvent, useEffect, useState } from 'react';
import { EMAIL_MAX_LENGTH } from '../../../common/limits.js';
import { api, apiRoot, type Me, type ResponseOf } from '../api/api.js';
import { problemText } from '../api/problem-text.js';
import { useT } from '../i18n/i18n.js';
import { ListScreen } from '../shared/list-screen.js';
import { timeText } from '../shared/time-text.js';

type Account = ResponseOf<'listUsers'>[number];
type Erasure = ResponseOf<'eraseClient'>;

/**
 * Accounts (admins): look an account of any role up by email and disable it (sign-in refused, its
 * sessions and API tokens ended, its tickets kept) or enable it again; a client's data downloaded as a ZIP,
 * or the client erased for good after the admin types their address.
 */
export function AccountsScreen({ me }: { me: NonNullable<Me['user']> }) {
  const { t } = useT();
  const [account, setAccount] = useState<Account | null>(null);
  const [error, setError] = useState('');
  const [status, setStatus] = useState('');
  useEffect(() => {
    document.title = t('settings.accounts.document_title');
  }, [t]);
  const fail = (e: unknown) => setError(problemText(e));

  const lookUp = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('email')).trim();
    setStatus('');
    try {
      const [found] = await api<Account[]>('GET', `/users/?email=${encodeURIComponent(email)}`);
      setAccount(found ?? null);
      setError(found ? '' : t('settings.no_account', { email }));
    } catch (e) {
      setAccount(null);
      fail(e);
    }
  };

  const toggle = async (target: Account) => {
    const disabling = !target.disabled_at;
    if (disabling && !confirm(t('settings.accounts.confirm_disable', { email: target.email }))) return;
    try {
      const updated = await api<Account>('POST', `/users/${target.id}/${disabling ? 'disable' : 'enable'}`);
      setAccount(updated);
      setError('');
      setStatus(
        disabling ? t('settings.accounts.disabled', { email: updated.email }) : t('settings.accounts.enabled', { email: updated.email }),
      );
    } catch (e) {
      fail(e);
    }
  };

  const erase = async (event: FormEvent<HTMLFormElement>, target: Account) => {
    event.preventDefault();
    const mode = String(new FormData(event.currentTarget).get('mode')) === 'delete' ? 'delete' : 'anonymise';
    try {
      const done = await api<Erasure>('POST', `/clients/${target.id}/erase`, { mode, confirm: true });
      setAccount(null);
      setError('');
      setStatus(t('settings.accounts.erased', { tickets: done.tickets, files: done.files }));
    } catch (e) {
      fail(e);
    }
  };

  return (
    <ListScreen
      title={t('settings.accounts.title')}
      intro={
        <form className="card editor" onSubmit={lookUp} aria-labelledby="find-account">
          <h2 id="find-account">{t('settings.accounts.find')}</h2>
          <div className="field">
            <label htmlFor="account-email">{t('settings.email')}</label>
            <input id="account-email" name="email" type="email" required maxLength={EMAIL_MAX_LENGTH} />
          </div>
          <button type="submit">{t('settings.accounts.look_up')}</button>
        </form>
      }
      error={error}
      status={status}
    >
      {account && (
        <section className="card" aria-labelledby="account-name">
          <h2 id="account-name">
            <bdi>{account.name}</bdi>
            {account.id === me.id && <span className="muted"> {t('settings.you')}</span>}
          </h2>
          <dl>
            <dt>{t('settings.email')}</dt>
            <dd>
              <bdi>{account.email}</bdi>
            </dd>
            <dt>{t('settings.agents.role')}</dt>
            <dd>{t('settings.accounts.role', { role: account.role })}</dd>
            <dt>{t('settings.accounts.state')}</dt>
            <dd>
              {account.disabled_at
                ? t('settings.accounts.disabled_since', { when: timeText(account.disabled_at) })
                : t('settings.accounts.enabled_state')}
            </dd>
          </dl>
          <button type="button" className={account.disabled_at ? undefined : 'button-secondary'} onClick={() => toggle(account)}>
            {account.disabled_at ? t('settings.accounts.enable') : t('settings.accounts.disable')}
          </button>
          {account.role === 'client' && <ClientPrivacy account={account} onErase={erase} />}
        </section>
      )}
    </ListScreen>
  );
}

/** A client's export link and the erase form, which stays disabled until their address is typed. */
function ClientPrivacy({ account, onErase }: { account: Account; onErase: (e: FormEvent<HTMLFormElement>, a: Account) => void }) {
  const { t } = useT();
  const [typed, setTyped] = useState('');
  return (
    <>
      <h3>{t('settings.accounts.privacy')}</h3>
      <p>
        <a href={`${apiRoot}/clients/${account.id}/export`} download>
          {t('settings.accounts.export')}
        </a>
      </p>
      <form onSubmit={(e) => onErase(e, account)} aria-labelledby="erase-heading">
        <h3 id="erase-heading">{t('settings.accounts.erase_heading')}</h3>
        <p role="note">{t('settings.accounts.erase_final')}</p>
        <fieldset className="field">
          <legend>{t('settings.accounts.erase_heading')}</legend>
          <label>
            <input type="radio" name="mode" value="anonymise" defaultChecked /> {t('settings.accounts.erase_anonymise')}
          </label>
          <label>
            <input type="radio" name="mode" value="delete" /> {t('settings.accounts.erase_delete')}
          </label>
        </fieldset>
        <div className="field">
          <label htmlFor="erase-confirm">{t('settings.accounts.erase_type', { email: account.email })}</label>
          <input id="erase-confirm" type="text" autoComplete="off" value={typed} onChange={(e) => setTyped(e.target.value)} />
        </div>
        <button type="submit" className="button-secondary" disabled={typed.trim().toLowerCase() !== account.email.toLowerCase()}>
          {t('settings.accounts.erase')}
        </button>
      </form>
    </>
  );
}
