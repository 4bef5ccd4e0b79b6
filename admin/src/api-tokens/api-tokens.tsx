import { type FormEvent, useState } from 'react';
import { API_TOKEN_NAME_MAX_LENGTH, EMAIL_MAX_LENGTH } from '../../../common/limits.js';
import { api } from '../api/api.js';
import { ListScreen, ListTable } from '../shared/list-screen.js';
import { timeText } from '../shared/time-text.js';
import { useListScreen } from '../shared/use-list-screen.js';

interface ApiToken {
  id: number;
  name: string;
  user: { id: number; email: string; name: string };
  created: string;
  last_used: string | null;
  expires: string | null;
}

/** API tokens (admins): every token's name, owner and times; create one (its secret shown once) or revoke one. */
export function ApiTokensScreen() {
  const [secret, setSecret] = useState<{ name: string; token: string } | null>(null);
  const { items: tokens, error, status, run } = useListScreen<ApiToken[]>({ path: '/tokens/', title: 'API tokens' });

  const create = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const name = String(data.get('name')).trim();
    const days = String(data.get('expires_in_days')).trim();
    const owner = String(data.get('owner')).trim();
    const saved = await run(async () => {
      let userId: number | undefined;
      if (owner) {
        const [found] = await api<Array<{ id: number }>>('GET', `/users/?email=${encodeURIComponent(owner)}`);
        if (!found) throw new Error(`No account has the email ${owner}.`);
        userId = found.id;
      }
      const created = await api<{ name: string; token: string }>('POST', '/tokens/', {
        name,
        ...(days && { expires_in_days: Number(days) }),
        ...(userId && { user_id: userId }),
      });
      setSecret({ name: created.name, token: created.token });
    }, `Token ${name} created.`);
    if (saved) form.reset();
  };

  const revoke = (token: ApiToken) => {
    if (confirm(`Revoke the token "${token.name}" of ${token.user.email}? Anything using it stops working at once.`)) {
      void run(() => api('DELETE', `/tokens/${token.id}`), `Token ${token.name} revoked.`);
    }
  };

  return (
    <ListScreen title="API tokens" error={error} status={status}>
      {secret && (
        <section className="card" aria-labelledby="new-secret">
          <h2 id="new-secret">Copy the token "{secret.name}" now</h2>
          <p>It is shown this once; only a fingerprint of it is kept. Send it as "Authorization: Bearer …".</p>
          <label htmlFor="token-secret" className="visually-hidden">
            The new token
          </label>
          <input id="token-secret" readOnly value={secret.token} onFocus={(e) => e.currentTarget.select()} />
        </section>
      )}
      {tokens && tokens.length === 0 && <p>No API tokens yet.</p>}
      {tokens && tokens.length > 0 && (
        <ListTable columns={['Name', 'Account', 'Created', 'Last used', 'Expires']}>
          {tokens.map((t) => (
            <tr key={t.id}>
              <td>{t.name}</td>
              <td>{t.user.email}</td>
              <td>{timeText(t.created)}</td>
              <td>{timeText(t.last_used)}</td>
              <td>{timeText(t.expires)}</td>
              <td className="row-actions">
                <button type="button" className="button-quiet danger" onClick={() => revoke(t)}>
                  Revoke<span className="visually-hidden"> {t.name}</span>
                </button>
              </td>
            </tr>
          ))}
        </ListTable>
      )}
      <form className="card editor" onSubmit={create} aria-labelledby="add-token">
        <h2 id="add-token">Create a token</h2>
        <div className="grid-2">
          <div className="field">
            <label htmlFor="token-name">Name</label>
            <input id="token-name" name="name" required maxLength={API_TOKEN_NAME_MAX_LENGTH} aria-describedby="token-name-hint" />
            <p id="token-name-hint" className="hint">
              What uses it, e.g. "Nightly export".
            </p>
          </div>
          <div className="field">
            <label htmlFor="token-days">Expires after (days)</label>
            <input id="token-days" name="expires_in_days" type="number" min={1} max={3650} step={1} aria-describedby="token-days-hint" />
            <p id="token-days-hint" className="hint">
              Leave empty for a token that never expires.
            </p>
          </div>
          <div className="field">
            <label htmlFor="token-owner">For the account (email)</label>
            <input id="token-owner" name="owner" type="email" maxLength={EMAIL_MAX_LENGTH} aria-describedby="token-owner-hint" />
            <p id="token-owner-hint" className="hint">
              Leave empty for a token that acts as you.
            </p>
          </div>
        </div>
        <button type="submit">Create token</button>
      </form>
    </ListScreen>
  );
}
