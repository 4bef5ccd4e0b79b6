import { type FormEvent, useEffect, useState } from 'react';
import { API_TOKEN_NAME_MAX_LENGTH, EMAIL_MAX_LENGTH } from '../../common/limits.js';
import { api, type ResponseOf } from './api.js';
import { timeText } from './time-text.js';
import { useEditorActions } from './use-editor-actions.js';

type ApiToken = ResponseOf<'listApiTokens'>[number];

/** API tokens (admins): every token's name, owner and times; create one (its secret shown once) or revoke one. */
export function ApiTokensScreen() {
  const [tokens, setTokens] = useState<ApiToken[] | null>(null);
  const [secret, setSecret] = useState<{ name: string; token: string } | null>(null);
  const load = () => api<ApiToken[]>('GET', '/tokens/').then(setTokens, (e: Error) => setError(e.message));
  const { error, setError, status, run } = useEditorActions(load, () => {});
  // biome-ignore lint/correctness/useExhaustiveDependencies: loads when the screen opens, not on every render's new `load`
  useEffect(() => {
    document.title = 'API tokens · Helpdesk admin';
    void load(); // load() reports its own failure on the screen
  }, []);

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
    <div>
      <div className="page-head">
        <h1>API tokens</h1>
      </div>
      {error && (
        <p className="alert" role="alert">
          {error}
        </p>
      )}
      <p role="status" className="visually-hidden">
        {status}
      </p>
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
        <table className="tickets">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Account</th>
              <th scope="col">Created</th>
              <th scope="col">Last used</th>
              <th scope="col">Expires</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
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
          </tbody>
        </table>
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
    </div>
  );
}
