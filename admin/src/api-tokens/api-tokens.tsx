import { type FormEvent, useState } from 'react';
import { API_TOKEN_NAME_MAX_LENGTH, EMAIL_MAX_LENGTH } from '../../../common/limits.js';
import { api, type ResponseOf } from '../api/api.js';
import { useT } from '../i18n/i18n.js';
import { ListScreen, ListTable } from '../shared/list-screen.js';
import { timeText } from '../shared/time-text.js';
import { useListScreen } from '../shared/use-list-screen.js';
import { When } from '../shared/when.js';

type ApiToken = ResponseOf<'listApiTokens'>[number];

/** API tokens (admins): every token's name, owner and times; create one (its secret shown once) or revoke one. */
export function ApiTokensScreen() {
  const { t } = useT();
  const title = t('settings.tokens.title');
  const [secret, setSecret] = useState<{ name: string; token: string } | null>(null);
  const { items: tokens, error, status, run } = useListScreen<ApiToken[]>({ path: '/tokens/', title });

  const create = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const name = String(data.get('name')).trim();
    const days = String(data.get('expires_in_days')).trim();
    const owner = String(data.get('owner')).trim();
    const saved = await run(
      async () => {
        let userId: number | undefined;
        if (owner) {
          const [found] = await api<Array<{ id: number }>>('GET', `/users/?email=${encodeURIComponent(owner)}`);
          if (!found) throw new Error(t('settings.no_account', { email: owner }));
          userId = found.id;
        }
        const created = await api<{ name: string; token: string }>('POST', '/tokens/', {
          name,
          ...(days && { expires_in_days: Number(days) }),
          ...(userId && { user_id: userId }),
        });
        setSecret({ name: created.name, token: created.token });
      },
      t('settings.tokens.created', { name }),
    );
    if (saved) form.reset();
  };

  const revoke = (token: ApiToken) => {
    if (confirm(t('settings.tokens.confirm_revoke', { name: token.name, email: token.user.email }))) {
      void run(() => api('DELETE', `/tokens/${token.id}`), t('settings.tokens.revoked', { name: token.name }));
    }
  };

  return (
    <ListScreen title={title} error={error} status={status}>
      {secret && (
        <section className="card" aria-labelledby="new-secret">
          <h2 id="new-secret">{t('settings.tokens.copy_now', { name: secret.name })}</h2>
          <p>{t('settings.tokens.shown_once')}</p>
          <label htmlFor="token-secret" className="visually-hidden">
            {t('settings.tokens.new_token')}
          </label>
          <input id="token-secret" readOnly value={secret.token} onFocus={(e) => e.currentTarget.select()} />
        </section>
      )}
      {tokens && tokens.length === 0 && <p>{t('settings.tokens.none')}</p>}
      {tokens && tokens.length > 0 && (
        <ListTable
          columns={[
            t('settings.name'),
            t('settings.tokens.account'),
            t('settings.tokens.created_at'),
            t('settings.tokens.last_used'),
            t('settings.tokens.expires'),
          ]}
        >
          {tokens.map((token) => (
            <tr key={token.id}>
              <td>{token.name}</td>
              <td>
                <bdi>{token.user.email}</bdi>
              </td>
              <td>
                <When iso={token.created} />
              </td>
              <td>{token.last_used ? <When iso={token.last_used} /> : timeText(null)}</td>
              <td>{token.expires ? <When iso={token.expires} /> : timeText(null)}</td>
              <td className="row-actions">
                <button type="button" className="button-quiet danger" onClick={() => revoke(token)}>
                  {t('settings.tokens.revoke')}
                  <span className="visually-hidden"> {token.name}</span>
                </button>
              </td>
            </tr>
          ))}
        </ListTable>
      )}
      <form className="card editor" onSubmit={create} aria-labelledby="add-token">
        <h2 id="add-token">{t('settings.tokens.create_title')}</h2>
        <div className="grid-2">
          <div className="field">
            <label htmlFor="token-name">{t('settings.name')}</label>
            <input id="token-name" name="name" required maxLength={API_TOKEN_NAME_MAX_LENGTH} aria-describedby="token-name-hint" />
            <p id="token-name-hint" className="hint">
              {t('settings.tokens.name_hint')}
            </p>
          </div>
          <div className="field">
            <label htmlFor="token-days">{t('settings.tokens.days')}</label>
            <input id="token-days" name="expires_in_days" type="number" min={1} max={3650} step={1} aria-describedby="token-days-hint" />
            <p id="token-days-hint" className="hint">
              {t('settings.tokens.days_hint')}
            </p>
          </div>
          <div className="field">
            <label htmlFor="token-owner">{t('settings.tokens.owner')}</label>
            <input id="token-owner" name="owner" type="email" maxLength={EMAIL_MAX_LENGTH} aria-describedby="token-owner-hint" />
            <p id="token-owner-hint" className="hint">
              {t('settings.tokens.owner_hint')}
            </p>
          </div>
        </div>
        <button type="submit">{t('settings.tokens.create')}</button>
      </form>
    </ListScreen>
  );
}
