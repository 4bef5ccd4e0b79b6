import { type FormEvent, Fragment, type ReactNode, useState } from 'react';
import { LABEL_MAX_LENGTH, MIN_PASSWORD_LENGTH } from '../../../common/limits.js';
import { api, type Me, type StaffUser } from '../api/api.js';
import { useT } from '../i18n/i18n.js';
import { ListScreen, ListTable } from '../shared/list-screen.js';
import { useListScreen } from '../shared/use-list-screen.js';
import { When } from '../shared/when.js';
import { AgentAssignmentCard } from './agent-assignment-card.js';

/** Agent management (admins): add agents and admins (with a password or an invitation), change roles, reset passwords. */
export function AgentsScreen({ me, onChanged }: { me: NonNullable<Me['user']>; onChanged: () => void }) {
  const { t, rich } = useT();
  const title = t('settings.agents.title');
  const { items: users, error, status, run } = useListScreen<StaffUser[]>({ path: '/users/', title, onChanged });
  const add = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const password = String(data.get('password') ?? '');
    // No password typed: the new agent gets an invitation by email and chooses their own.
    const body = {
      name: String(data.get('name')),
      email: String(data.get('email')),
      role: String(data.get('role')),
      ...(password ? { password } : { invite: true }),
    };
    const done = password ? t('settings.agents.added', { name: body.name }) : t('settings.agents.added_invited', { name: body.name });
    if (await run(() => api('POST', '/users/', body), done)) form.reset();
  };
  // A password is typed into a proper field (masked, known to password managers), never a browser prompt.
  const [settingPasswordOf, setSettingPasswordOf] = useState<number | null>(null);
  const setPassword = async (event: FormEvent<HTMLFormElement>, user: StaffUser) => {
    event.preventDefault();
    const password = String(new FormData(event.currentTarget).get('password') ?? '');
    if (await run(() => api('PATCH', `/users/${user.id}`, { password }), t('settings.agents.password_changed', { name: user.name })))
      setSettingPasswordOf(null);
  };
  // A new link by mail; the one sent before stops working (the server refuses more than a few an hour).
  const resend = (user: StaffUser) =>
    run(() => api('POST', `/users/${user.id}/invitation`), t('settings.agents.invitation_resent', { name: user.name }));
  // Cancelling disables the account: its link ends, and it cannot be used through "Forgot password?" either.
  const cancel = (user: StaffUser) =>
    run(() => api('POST', `/users/${user.id}/disable`), t('settings.agents.invitation_cancelled', { name: user.name }));
  return (
    <ListScreen title={title} error={error} status={status}>
      {users && (
        <ListTable columns={[t('settings.name'), t('settings.email'), t('settings.agents.role')]}>
          {users.map((u) => (
            <tr key={u.id}>
              <td>
                <bdi>{u.name}</bdi>
                {u.id === me.id && <span className="muted"> {t('settings.you')}</span>}
                {u.disabled_at && <span className="muted"> {t('settings.agents.disabled')}</span>}
                {u.invitation_sent_at && (
                  <span className="muted invitation-state">
                    {rich<ReactNode>('settings.agents.invitation_pending', { when: <When iso={u.invitation_sent_at} /> }).map((part, i) => (
                      <Fragment key={i}>{part}</Fragment>
                    ))}
                  </span>
                )}
              </td>
              <td>{u.email}</td>
              <td>
                <label htmlFor={`role-${u.id}`} className="visually-hidden">
                  {t('settings.agents.role_of', { name: u.name })}
                </label>
                <select
                  id={`role-${u.id}`}
                  value={u.role}
                  onChange={(e) => run(() => api('PATCH', `/users/${u.id}`, { role: e.target.value }), t('settings.agents.role_changed'))}
                >
                  <option value="agent">{t('settings.agents.role_agent')}</option>
                  <option value="admin">{t('settings.agents.role_admin')}</option>
                  <option value="client">{t('settings.agents.role_client')}</option>
                </select>
              </td>
              <td className="row-actions">
                {settingPasswordOf === u.id ? (
                  <form
                    className="inline-password"
                    onSubmit={(e) => setPassword(e, u)}
                    aria-label={t('settings.agents.new_password_for', { name: u.name })}
                  >
                    <label htmlFor={`password-${u.id}`} className="visually-hidden">
                      {t('settings.agents.new_password_label', { name: u.name, min: MIN_PASSWORD_LENGTH })}
                    </label>
                    <input
                      id={`password-${u.id}`}
                      name="password"
                      type="password"
                      minLength={MIN_PASSWORD_LENGTH}
                      required
                      autoComplete="new-password"
                      placeholder={t('settings.agents.at_least', { min: MIN_PASSWORD_LENGTH })}
                    />
                    <button type="submit">{t('settings.save')}</button>
                    <button type="button" className="button-quiet" onClick={() => setSettingPasswordOf(null)}>
                      {t('settings.cancel')}
                    </button>
                  </form>
                ) : (
                  <>
                    {u.invitation_sent_at && (
                      <>
                        <button type="button" className="button-quiet" onClick={() => resend(u)}>
                          {t('settings.agents.resend')}
                          <span className="visually-hidden"> {t('settings.agents.to_name', { name: u.name })}</span>
                        </button>
                        <button type="button" className="button-quiet" onClick={() => cancel(u)}>
                          {t('settings.agents.cancel_invitation')}
                          <span className="visually-hidden"> {t('settings.agents.to_name', { name: u.name })}</span>
                        </button>
                      </>
                    )}
                    <button type="button" className="button-quiet" onClick={() => setSettingPasswordOf(u.id)}>
                      {t('settings.agents.set_password')}
                      <span className="visually-hidden"> {t('settings.agents.for_name', { name: u.name })}</span>
                    </button>
                  </>
                )}
              </td>
            </tr>
          ))}
        </ListTable>
      )}
      {users && <AgentAssignmentCard staff={users} />}
      <form className="card editor" onSubmit={add} aria-labelledby="add-agent">
        <h2 id="add-agent">{t('settings.agents.add_title')}</h2>
        <div className="grid-2">
          <div className="field">
            <label htmlFor="agent-name">{t('settings.name')}</label>
            <input id="agent-name" name="name" required maxLength={LABEL_MAX_LENGTH} />
          </div>
          <div className="field">
            <label htmlFor="agent-email">{t('settings.email')}</label>
            <input id="agent-email" name="email" type="email" required />
          </div>
          <div className="field">
            <label htmlFor="agent-password">{t('settings.agents.password')}</label>
            <input id="agent-password" name="password" type="password" minLength={MIN_PASSWORD_LENGTH} autoComplete="new-password" />
          </div>
          <div className="field">
            <label htmlFor="agent-role">{t('settings.agents.role')}</label>
            <select id="agent-role" name="role" defaultValue="agent">
              <option value="agent">{t('settings.agents.role_agent')}</option>
              <option value="admin">{t('settings.agents.role_admin')}</option>
            </select>
          </div>
        </div>
        <button type="submit">{t('settings.agents.add')}</button>
      </form>
    </ListScreen>
  );
}
