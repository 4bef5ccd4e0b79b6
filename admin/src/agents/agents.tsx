import { type FormEvent, useState } from 'react';
import { LABEL_MAX_LENGTH, MIN_PASSWORD_LENGTH } from '../../../common/limits.js';
import { api, type Me, type StaffUser } from '../api/api.js';
import { ListScreen, ListTable } from '../shared/list-screen.js';
import { useListScreen } from '../shared/use-list-screen.js';
import { When } from '../shared/when.js';

/** Agent management (admins): add agents and admins (with a password or an invitation), change roles, reset passwords. */
export function AgentsScreen({ me, onChanged }: { me: NonNullable<Me['user']>; onChanged: () => void }) {
  const { items: users, error, status, run } = useListScreen<StaffUser[]>({ path: '/users/', title: 'Agents', onChanged });
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
    const done = password ? `${body.name} added.` : `${body.name} added and invited by email.`;
    if (await run(() => api('POST', '/users/', body), done)) form.reset();
  };
  // A password is typed into a proper field (masked, known to password managers), never a browser prompt.
  const [settingPasswordOf, setSettingPasswordOf] = useState<number | null>(null);
  const setPassword = async (event: FormEvent<HTMLFormElement>, user: StaffUser) => {
    event.preventDefault();
    const password = String(new FormData(event.currentTarget).get('password') ?? '');
    if (await run(() => api('PATCH', `/users/${user.id}`, { password }), `Password of ${user.name} changed.`)) setSettingPasswordOf(null);
  };
  // A new link by mail; the one sent before stops working (the server refuses more than a few an hour).
  const resend = (user: StaffUser) =>
    run(() => api('POST', `/users/${user.id}/invitation`), `New invitation sent to ${user.name}. The link sent before no longer works.`);
  // Cancelling disables the account: its link ends, and it cannot be used through "Forgot password?" either.
  const cancel = (user: StaffUser) =>
    run(
      () => api('POST', `/users/${user.id}/disable`),
      `Invitation to ${user.name} cancelled: the link no longer works and the account is disabled.`,
    );
  return (
    <ListScreen title="Agents" error={error} status={status}>
      {users && (
        <ListTable columns={['Name', 'Email', 'Role']}>
          {users.map((u) => (
            <tr key={u.id}>
              <td>
                {u.name}
                {u.id === me.id && <span className="muted"> (you)</span>}
                {u.disabled_at && <span className="muted"> (disabled)</span>}
                {u.invitation_sent_at && (
                  <span className="muted invitation-state">
                    Invitation sent <When iso={u.invitation_sent_at} />, not accepted yet
                  </span>
                )}
              </td>
              <td>{u.email}</td>
              <td>
                <label htmlFor={`role-${u.id}`} className="visually-hidden">
                  Role of {u.name}
                </label>
                <select
                  id={`role-${u.id}`}
                  value={u.role}
                  onChange={(e) => run(() => api('PATCH', `/users/${u.id}`, { role: e.target.value }), 'Role changed.')}
                >
                  <option value="agent">Agent</option>
                  <option value="admin">Admin</option>
                  <option value="client">Client (no access)</option>
                </select>
              </td>
              <td className="row-actions">
                {settingPasswordOf === u.id ? (
                  <form className="inline-password" onSubmit={(e) => setPassword(e, u)} aria-label={`New password for ${u.name}`}>
                    <label htmlFor={`password-${u.id}`} className="visually-hidden">
                      New password for {u.name} (at least {MIN_PASSWORD_LENGTH} characters)
                    </label>
                    <input
                      id={`password-${u.id}`}
                      name="password"
                      type="password"
                      minLength={MIN_PASSWORD_LENGTH}
                      required
                      autoComplete="new-password"
                      placeholder={`At least ${MIN_PASSWORD_LENGTH} characters`}
                    />
                    <button type="submit">Save</button>
                    <button type="button" className="button-quiet" onClick={() => setSettingPasswordOf(null)}>
                      Cancel
                    </button>
                  </form>
                ) : (
                  <>
                    {u.invitation_sent_at && (
                      <>
                        <button type="button" className="button-quiet" onClick={() => resend(u)}>
                          Resend invitation<span className="visually-hidden"> to {u.name}</span>
                        </button>
                        <button type="button" className="button-quiet" onClick={() => cancel(u)}>
                          Cancel invitation<span className="visually-hidden"> to {u.name}</span>
                        </button>
                      </>
                    )}
                    <button type="button" className="button-quiet" onClick={() => setSettingPasswordOf(u.id)}>
                      Set password<span className="visually-hidden"> for {u.name}</span>
                    </button>
                  </>
                )}
              </td>
            </tr>
          ))}
        </ListTable>
      )}
      <form className="card editor" onSubmit={add} aria-labelledby="add-agent">
        <h2 id="add-agent">Add an agent</h2>
        <div className="grid-2">
          <div className="field">
            <label htmlFor="agent-name">Name</label>
            <input id="agent-name" name="name" required maxLength={LABEL_MAX_LENGTH} />
          </div>
          <div className="field">
            <label htmlFor="agent-email">Email</label>
            <input id="agent-email" name="email" type="email" required />
          </div>
          <div className="field">
            <label htmlFor="agent-password">Password (leave empty to send an invitation)</label>
            <input id="agent-password" name="password" type="password" minLength={MIN_PASSWORD_LENGTH} autoComplete="new-password" />
          </div>
          <div className="field">
            <label htmlFor="agent-role">Role</label>
            <select id="agent-role" name="role" defaultValue="agent">
              <option value="agent">Agent</option>
              <option value="admin">Admin</option>
            </select>
          </div>
        </div>
        <button type="submit">Add agent</button>
      </form>
    </ListScreen>
  );
}
