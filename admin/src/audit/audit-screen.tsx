import { type FormEvent, useId, useState } from 'react';
import { AUDIT_ACTIONS, AUDIT_KINDS, type AuditAction, auditActionKey } from '../../../common/audit-actions.js';
import type { MessageKey } from '../../../common/i18n/message-keys.js';
import { api, apiRoot, type Lookups, type ResponseOf } from '../api/api.js';
import { problemText } from '../api/problem-text.js';
import { useApi } from '../api/use-api.js';
import { useT } from '../i18n/i18n.js';
import { ListScreen } from '../shared/list-screen.js';
import { useDocumentTitle } from '../shared/use-document-title.js';
import { When } from '../shared/when.js';
import './audit.css';

type Page = ResponseOf<'listAuditLog'>;
type Entry = Page['entries'][number];
type T = ReturnType<typeof useT>['t'];

const PAGE = 50;

interface Filters {
  action: string;
  actor_id: string;
  from: string;
  to: string;
  q: string;
}
const NO_FILTERS: Filters = { action: '', actor_id: '', from: '', to: '', q: '' };

/** The query string of the filters set (the page size too for the list). */
function queryOf(filters: Filters, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...filters, ...extra })) if (value) params.set(key, value);
  const text = params.toString();
  return text ? `?${text}` : '';
}

const actionText = (t: T, action: string) =>
  (AUDIT_ACTIONS as readonly string[]).includes(action) ? t(`audit.action.${auditActionKey(action as AuditAction)}` as MessageKey) : action;

/** A value of a change as the screen shows it: text as it is, '' as "(empty)", anything else as its JSON. */
function valueText(t: T, value: unknown): string {
  if (value === null || value === undefined || value === '') return t('audit.empty');
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** What the details say, one line each: every change as old → new; how a sign-in was made or why it failed. */
function detailLines(t: T, entry: Entry): string[] {
  const details = entry.details as Record<string, unknown>;
  const lines: string[] = [];
  const changes = details.changes as Record<string, { old: unknown; new: unknown }> | undefined;
  for (const [field, change] of Object.entries(changes ?? {}))
    lines.push(t('audit.change', { field, old: valueText(t, change.old), new: valueText(t, change.new) }));
  if (typeof details.method === 'string')
    lines.push(t('audit.detail.method', { method: t(`audit.method.${details.method}` as MessageKey) }));
  if (typeof details.reason === 'string')
    lines.push(t('audit.detail.reason', { reason: t(`audit.reason.${details.reason}` as MessageKey) }));
  if (typeof details.user === 'string' && details.user) lines.push(t('audit.detail.user', { user: details.user }));
  return lines;
}

/** The audit log (admins): who did what, when and from where, filtered, a page at a time, and as CSV. */
export function AuditScreen({ lookups }: { lookups: Lookups }) {
  const { t } = useT();
  const id = useId();
  const title = t('audit.title');
  useDocumentTitle(title);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const { data: first, error: loadError } = useApi<Page>(`/audit-log${queryOf(filters, { limit: String(PAGE) })}`);
  const [older, setOlder] = useState<{ entries: Entry[]; next: number | null } | null>(null);
  const [error, setError] = useState('');
  const entries = [...(first?.entries ?? []), ...(older?.entries ?? [])];
  const next = older ? older.next : (first?.next_before ?? null);

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: keyof Filters) => String(data.get(name) ?? '').trim();
    setOlder(null);
    setError('');
    setFilters({ action: text('action'), actor_id: text('actor_id'), from: text('from'), to: text('to'), q: text('q') });
  };
  const more = async () => {
    if (next === null) return;
    try {
      const page = await api<Page>('GET', `/audit-log${queryOf(filters, { limit: String(PAGE), before: String(next) })}`);
      setOlder({ entries: [...(older?.entries ?? []), ...page.entries], next: page.next_before });
    } catch (e) {
      setError(problemText(e));
    }
  };
  const who = (entry: Entry) => {
    if (entry.actor.name) return <bdi>{entry.actor.name}</bdi>;
    return entry.ip ? t('audit.not_signed_in') : t('audit.command_line');
  };

  return (
    <ListScreen
      title={title}
      intro={<p className="muted">{t('audit.intro')}</p>}
      error={error || loadError || ''}
      actions={
        <a href={`${apiRoot}/audit-log.csv${queryOf(filters)}`} download>
          {t('audit.csv')}
        </a>
      }
    >
      <form className="audit-filters card" aria-label={t('audit.filter.title')} onSubmit={apply}>
        <div className="field">
          <label htmlFor={`${id}-action`}>{t('audit.filter.action')}</label>
          <select id={`${id}-action`} name="action" defaultValue="">
            <option value="">{t('audit.filter.any_action')}</option>
            {AUDIT_KINDS.map((kind) => (
              <optgroup key={kind} label={t(`audit.kind.${kind}` as MessageKey)}>
                <option value={kind}>{t(`audit.kind.${kind}` as MessageKey)}</option>
                {AUDIT_ACTIONS.filter((action) => action.startsWith(`${kind}.`)).map((action) => (
                  <option key={action} value={action}>
                    {actionText(t, action)}
                  </option>
                ))}
              </optgroup>
            ))}
            <option value="settings.changed">{actionText(t, 'settings.changed')}</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-actor`}>{t('audit.filter.actor')}</label>
          <select id={`${id}-actor`} name="actor_id" defaultValue="">
            <option value="">{t('audit.filter.anyone')}</option>
            {lookups.staff.map((person) => (
              <option key={person.id} value={person.id}>
                {person.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-from`}>{t('audit.filter.from')}</label>
          <input id={`${id}-from`} name="from" type="date" />
        </div>
        <div className="field">
          <label htmlFor={`${id}-to`}>{t('audit.filter.to')}</label>
          <input id={`${id}-to`} name="to" type="date" />
        </div>
        <div className="field">
          <label htmlFor={`${id}-q`}>{t('audit.filter.search')}</label>
          <input id={`${id}-q`} name="q" type="search" maxLength={200} />
        </div>
        <button type="submit">{t('audit.filter.apply')}</button>
      </form>
      {first && entries.length === 0 && <p>{t('audit.none')}</p>}
      {entries.length > 0 && (
        <table className="tickets audit-log">
          <thead>
            <tr>
              <th scope="col">{t('audit.col.when')}</th>
              <th scope="col">{t('audit.col.who')}</th>
              <th scope="col">{t('audit.col.address')}</th>
              <th scope="col">{t('audit.col.action')}</th>
              <th scope="col">{t('audit.col.target')}</th>
              <th scope="col">{t('audit.col.details')}</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.id}>
                <td data-label={t('audit.col.when')}>
                  <When iso={entry.at} />
                </td>
                <td data-label={t('audit.col.who')}>{who(entry)}</td>
                <td data-label={t('audit.col.address')}>
                  <bdi>{entry.ip ?? ''}</bdi>
                </td>
                <td data-label={t('audit.col.action')}>{actionText(t, entry.action)}</td>
                <td data-label={t('audit.col.target')}>
                  <bdi>{entry.target.label}</bdi>
                </td>
                <td data-label={t('audit.col.details')}>
                  <ul className="audit-details">
                    {detailLines(t, entry).map((line, index) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one entry never change
                      <li key={index}>
                        <bdi>{line}</bdi>
                      </li>
                    ))}
                  </ul>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {next !== null && (
        <p>
          <button type="button" className="button-quiet" onClick={() => void more()}>
            {t('audit.more')}
          </button>
        </p>
      )}
    </ListScreen>
  );
}
