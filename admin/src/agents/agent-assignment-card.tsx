import { useState } from 'react';
import { api, type ResponseOf } from '../api/api.js';
import { problemText } from '../api/problem-text.js';
import { useApi } from '../api/use-api.js';
import { useT } from '../i18n/i18n.js';

type Assignment = ResponseOf<'listStaffAssignment'>[number];
type Schedule = ResponseOf<'listBusinessHours'>[number];

/**
 * Fair assignment per person (admins): available or away, their open tickets, their own limit (empty: the site's, set
 * under Settings → Tickets) and their working hours. A field is saved when it changes.
 */
export function AgentAssignmentCard({ staff }: { staff: ReadonlyArray<{ id: number; name: string; disabled_at: string | null }> }) {
  const { t, number } = useT();
  const rows = useApi<Assignment[]>('/users/assignment/');
  const schedules = useApi<Schedule[]>('/business-hours/');
  const [status, setStatus] = useState('');
  const [error, setError] = useState('');
  const byId = new Map((rows.data ?? []).map((row) => [row.user_id, row]));
  const save = async (user: { id: number; name: string }, body: Record<string, unknown>) => {
    try {
      await api('PATCH', `/users/${user.id}/assignment`, body);
      setError('');
      setStatus(t('settings.assignment.saved', { name: user.name }));
      await rows.reload();
    } catch (failure) {
      setStatus('');
      setError(problemText(failure));
    }
  };
  const people = staff.filter((user) => !user.disabled_at && byId.has(user.id));
  return (
    <section className="card" aria-labelledby="assignment-title">
      <h2 id="assignment-title">{t('settings.assignment.title')}</h2>
      <p className="muted">{t('settings.assignment.intro')}</p>
      {(rows.error || error) && (
        <p role="alert" className="error">
          {error || rows.error}
        </p>
      )}
      {/* Heard, not a second status region: the screen's own (ListScreen) is the one its other actions speak through. */}
      <p aria-live="polite" className="visually-hidden assignment-saved">
        {status}
      </p>
      <div>
        <table className="assignment-table">
          <thead>
            <tr>
              <th scope="col">{t('settings.name')}</th>
              <th scope="col">{t('settings.assignment.state')}</th>
              <th scope="col">{t('settings.assignment.open')}</th>
              <th scope="col">{t('settings.assignment.limit')}</th>
              <th scope="col">{t('settings.assignment.hours')}</th>
            </tr>
          </thead>
          <tbody>
            {people.map((user) => {
              const row = byId.get(user.id) as Assignment;
              return (
                <tr key={user.id}>
                  <td>
                    <bdi>{user.name}</bdi>
                  </td>
                  <td>
                    <label className="checkbox-label">
                      <input
                        type="checkbox"
                        checked={row.available}
                        onChange={(event) => void save(user, { available: event.target.checked })}
                      />
                      {row.available ? t('settings.assignment.available') : t('settings.assignment.away')}
                      <span className="visually-hidden"> {t('settings.agents.for_name', { name: user.name })}</span>
                    </label>
                  </td>
                  <td data-label={t('settings.assignment.open')}>{number(row.open_tickets)}</td>
                  <td data-label={t('settings.assignment.limit')}>
                    <label htmlFor={`limit-${user.id}`} className="visually-hidden">
                      {t('settings.assignment.limit_of', { name: user.name })}
                    </label>
                    <input
                      id={`limit-${user.id}`}
                      type="number"
                      min={1}
                      max={10000}
                      inputMode="numeric"
                      className="limit-input"
                      placeholder={t('settings.assignment.site_limit')}
                      defaultValue={row.open_ticket_limit ?? ''}
                      key={`${user.id}-${row.open_ticket_limit}`}
                      onBlur={(event) => {
                        const text = event.target.value.trim();
                        const limit = text === '' ? null : Number(text);
                        if (limit !== row.open_ticket_limit) void save(user, { open_ticket_limit: limit });
                      }}
                    />
                  </td>
                  <td data-label={t('settings.assignment.hours')}>
                    <label htmlFor={`hours-${user.id}`} className="visually-hidden">
                      {t('settings.assignment.hours_of', { name: user.name })}
                    </label>
                    <select
                      id={`hours-${user.id}`}
                      value={row.schedule_id ?? ''}
                      onChange={(event) => void save(user, { schedule_id: event.target.value === '' ? null : Number(event.target.value) })}
                    >
                      <option value="">{t('settings.assignment.any_time')}</option>
                      {(schedules.data ?? []).map((schedule) => (
                        <option key={schedule.id} value={schedule.id} translate="no">
                          {schedule.name}
                        </option>
                      ))}
                    </select>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
