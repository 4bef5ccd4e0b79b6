import { type FormEvent, useEffect, useState } from 'react';
import { EMAIL_MAX_LENGTH } from '../../../common/limits.js';
import { api, type Me, type ResponseOf } from '../api/api.js';
import { problemText } from '../api/problem-text.js';
import { useT } from '../i18n/i18n.js';
import { ListScreen } from '../shared/list-screen.js';
import { timeText } from '../shared/time-text.js';

type Account = ResponseOf<'listUsers'>[number];

/**
 * Accounts (admins): look an account of any role up by email and disable it (sign-in refused, its
 * sessions and API tokens ended, its tickets kept) or enable it again.
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
        </section>
      )}
    </ListScreen>
  );
}
