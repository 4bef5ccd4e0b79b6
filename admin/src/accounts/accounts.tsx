import { type FormEvent, useEffect, useState } from 'react';
import { EMAIL_MAX_LENGTH } from '../../../common/limits.js';
import { api, type Me } from '../api/api.js';
import { problemText } from '../api/problem-text.js';
import { ListScreen } from '../shared/list-screen.js';
import { timeText } from '../shared/time-text.js';

interface Account {
  id: number;
  email: string;
  name: string;
  role: 'client' | 'agent' | 'admin';
  disabled_at: string | null;
}

/**
 * Accounts (admins): look an account of any role up by email and disable it (sign-in refused, its
 * sessions and API tokens ended, its tickets kept) or enable it again.
 */
export function AccountsScreen({ me }: { me: NonNullable<Me['user']> }) {
  const [account, setAccount] = useState<Account | null>(null);
  const [error, setError] = useState('');
  const [status, setStatus] = useState('');
  useEffect(() => {
    document.title = 'Accounts · Helpdesk admin';
  }, []);
  const fail = (e: unknown) => setError(problemText(e));

  const lookUp = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('email')).trim();
    setStatus('');
    try {
      const [found] = await api<Account[]>('GET', `/users/?email=${encodeURIComponent(email)}`);
      setAccount(found ?? null);
      setError(found ? '' : `No account has the email ${email}.`);
    } catch (e) {
      setAccount(null);
      fail(e);
    }
  };

  const toggle = async (target: Account) => {
    const disabling = !target.disabled_at;
    if (disabling && !confirm(`Disable ${target.email}? It is signed out everywhere and its API tokens are revoked. Its tickets are kept.`))
      return;
    try {
      const updated = await api<Account>('POST', `/users/${target.id}/${disabling ? 'disable' : 'enable'}`);
      setAccount(updated);
      setError('');
      setStatus(disabling ? `${updated.email} is disabled.` : `${updated.email} can sign in again.`);
    } catch (e) {
      fail(e);
    }
  };

  return (
    <ListScreen
      title="Accounts"
      intro={
        <form className="card editor" onSubmit={lookUp} aria-labelledby="find-account">
          <h2 id="find-account">Find an account</h2>
          <div className="field">
            <label htmlFor="account-email">Email</label>
            <input id="account-email" name="email" type="email" required maxLength={EMAIL_MAX_LENGTH} />
          </div>
          <button type="submit">Look up</button>
        </form>
      }
      error={error}
      status={status}
    >
      {account && (
        <section className="card" aria-labelledby="account-name">
          <h2 id="account-name">
            {account.name}
            {account.id === me.id && <span className="muted"> (you)</span>}
          </h2>
          <dl>
            <dt>Email</dt>
            <dd>{account.email}</dd>
            <dt>Role</dt>
            <dd>{account.role}</dd>
            <dt>State</dt>
            <dd>{account.disabled_at ? `Disabled since ${timeText(account.disabled_at)}` : 'Enabled: can sign in'}</dd>
          </dl>
          <button type="button" className={account.disabled_at ? undefined : 'button-secondary'} onClick={() => toggle(account)}>
            {account.disabled_at ? 'Enable account' : 'Disable account'}
          </button>
        </section>
      )}
    </ListScreen>
  );
}
