import { type FormEvent, useEffect, useState } from 'react';
import { ApiError, api, type InboxPage, type Lookups, type Me, type ViewCounts } from '../api/api.js';
import { useDebounced, useLiveEvents } from '../live/live-events.js';
import { SatisfactionFigure } from '../satisfaction/satisfaction-figure.js';
import { useListShortcuts } from '../shared/keyboard-shortcuts.js';
import { Link, navigate } from '../shared/router.js';
import { TagChip } from '../shared/tag-chip.js';
import { useTags } from '../shared/use-tags.js';
import { useTicketShortcuts } from '../shared/use-ticket-shortcuts.js';
import { When } from '../shared/when.js';
import { BulkBar } from './bulk-bar.js';
import { applyBulkChange, type BulkChange, describeBulkChange } from './bulk-change.js';
import { Highlight, Snippet, searchWords } from './highlight.js';
import { ViewSwitcher } from './inbox-views.js';
import { SetupChecklist } from './setup-checklist.js';
import { useKeptOrder } from './use-kept-order.js';

const FILTERS = ['view', 'status', 'product', 'reason', 'urgency', 'assignee', 'tag', 'client', 'search', 'page'] as const;

/** The inbox: status tabs with counts, filters and search, tickets by last activity. State lives in the URL. */
export function Inbox({ query, lookups, me }: { query: URLSearchParams; lookups: Lookups; me: NonNullable<Me['user']> }) {
  const [data, setData] = useState<InboxPage | null>(null);
  const [error, setError] = useState('');
  useListShortcuts('.tickets a.subject');
  const [views, setViews] = useState<ViewCounts | null>(null);
  // Bumped when tickets change elsewhere: the list is fetched again, at most about once a second.
  const [freshness, setFreshness] = useState(0);
  // The tickets ticked for a bulk change (on this page); a new page or filter starts afresh. They stay ticked
  // after a change, so the next one acts on the same tickets.
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [bulkMessage, setBulkMessage] = useState('');
  // On a phone the filters fold behind a button so the first screen shows tickets (styles.css).
  const [filtersShown, setFiltersShown] = useState(false);
  const { tags, reloadTags } = useTags();
  const refresh = useDebounced(() => setFreshness((n) => n + 1), 700);
  useLiveEvents((event) => {
    // The bell's own events change nothing in the list.
    if (event.name === 'presence' || event.name === 'notification.added' || event.name === 'notifications.read') return;
    // A tag renamed, recoloured or deleted (or made by typing it on a ticket): the filter and the chips follow.
    if (event.name === 'tag.changed' || event.name === 'resync' || event.data.fields?.includes('tags')) reloadTags();
    refresh();
  });
  const queryString = query.toString();
  useEffect(() => setSelected(new Set()), [queryString]);
  // `#12` looks for a number, not for words.
  const search = query.get('search') ?? '';
  const words = search.trim().startsWith('#') ? [] : searchWords(search);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `query` is new on every render; its text and `freshness` say when to fetch
  useEffect(() => {
    document.title = 'Inbox · Helpdesk admin';
    let live = true;
    const params = new URLSearchParams();
    for (const key of FILTERS) {
      const value = query.get(key);
      if (value) params.set(key, value);
    }
    api<InboxPage>('GET', `/tickets/?${params}`).then(
      (page) => {
        if (!live) return;
        setData(page);
        setError('');
      },
      (e: Error) => live && setError(e.message),
    );
    // The views' counts come apart from the page (each visits its whole view); a failure leaves them blank.
    api<ViewCounts>('GET', '/tickets/views').then(
      (counts) => live && setViews(counts),
      () => live && setViews(null),
    );
    return () => {
      live = false;
    };
  }, [queryString, freshness]);

  const withParams = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(query);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    if (!('page' in changes)) next.delete('page');
    const text = next.toString();
    return text ? `?${text}` : '';
  };
  const setFilter = (key: string, value: string) => navigate(withParams({ [key]: value || null }));
  const onSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFilter('search', String(new FormData(event.currentTarget).get('search') ?? '').trim());
  };
  // While tickets are ticked the rows keep their places (use-kept-order.ts): live updates and the agent's own
  // changes refresh them where they are.
  const kept = useKeptOrder(data?.tickets, selected.size > 0);
  const rows = kept.rows;
  const showFreshOrder = () => {
    const onPage = new Set(data?.tickets.map((t) => t.id));
    setSelected((current) => new Set([...current].filter((id) => onPage.has(id))));
    kept.release();
  };
  const onBulkDone = (ids: number[], change: BulkChange, message: string) => {
    const { fields, label } = describeBulkChange(change, lookups);
    kept.patch(ids, fields, label);
    setBulkMessage(message);
    if ('add_tag' in change || 'remove_tag' in change) reloadTags();
    setFreshness((n) => n + 1);
  };
  // a, s and c act on the ticked tickets, or on the one j and k moved to.
  const runBulk = async (change: BulkChange, what: string) => {
    const focused = document.activeElement?.closest<HTMLElement>('tr[data-ticket-id]')?.dataset.ticketId;
    const ids = selected.size > 0 ? [...selected] : focused ? [Number(focused)] : [];
    if (ids.length === 0) return setBulkMessage('Tick tickets first, or move to one with j and k.');
    try {
      onBulkDone(ids, change, await applyBulkChange(ids, change, what));
    } catch (e) {
      setBulkMessage(e instanceof ApiError ? e.problem.detail || e.problem.title : String(e));
    }
  };
  const statusMenu = useTicketShortcuts(lookups.statuses, {
    assignToMe: () => void runBulk({ assignee: me.id }, `Assigned to ${me.name}`),
    setStatus: (slug) => void runBulk({ status: slug }, `Status set to ${lookups.statuses.find((s) => s.slug === slug)?.name ?? slug}`),
  });
  const status = query.get('status') ?? '';
  const view = query.get('view') ?? '';
  const pageIds = rows.map((t) => t.id);
  const isAllSelected = pageIds.length > 0 && pageIds.every((id) => selected.has(id));
  const toggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const allCount = data ? Object.values(data.counts).reduce((a, b) => a + b, 0) : undefined;
  const page = Number(query.get('page') ?? '1');
  const filtersInUse = ['assignee', 'product', 'reason', 'urgency', 'tag', 'client'].filter((key) => query.get(key)).length;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.per_page)) : 1;

  return (
    <div className="inbox">
      {me.role === 'admin' && <SetupChecklist />}
      <div className="page-head">
        <div className="page-title">
          <h1>Inbox</h1>
          <SatisfactionFigure />
        </div>
        {/* biome-ignore lint/a11y/useSemanticElements: <search> is too new for every browser agents use; the role says the same */}
        <form role="search" className="search" onSubmit={onSearch} key={query.get('search') ?? ''}>
          <label htmlFor="inbox-search" className="visually-hidden">
            Search tickets
          </label>
          <input
            id="inbox-search"
            name="search"
            type="search"
            placeholder="Subject, text, client or #number"
            defaultValue={query.get('search') ?? ''}
          />
          <button type="submit">Search</button>
        </form>
      </div>

      <ViewSwitcher view={view} views={views} linkTo={(v) => withParams({ view: v })} />

      <nav aria-label="Statuses" className="status-tabs">
        <ul>
          <li>
            <Link to={withParams({ status: null })} aria-current={status === '' ? 'page' : undefined}>
              All <span className="count">{allCount ?? ''}</span>
            </Link>
          </li>
          {lookups.statuses.map((s) => (
            <li key={s.slug}>
              <Link to={withParams({ status: s.slug })} aria-current={status === s.slug ? 'page' : undefined}>
                {s.name} <span className="count">{data?.counts[s.slug] ?? ''}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <button
        type="button"
        className="filters-toggle button-secondary"
        aria-expanded={filtersShown}
        aria-controls="inbox-filters"
        onClick={() => setFiltersShown(!filtersShown)}
      >
        Filters{filtersInUse > 0 ? ` (${filtersInUse} in use)` : ''}
      </button>
      <div className={`filters${filtersShown ? ' shown' : ''}`} id="inbox-filters">
        <FilterSelect
          label="Assignee"
          value={query.get('assignee') ?? ''}
          onChange={(v) => setFilter('assignee', v)}
          options={[
            { value: 'me', label: 'Me' },
            { value: 'none', label: 'Unassigned' },
            ...lookups.staff.map((u) => ({ value: String(u.id), label: u.name })),
          ]}
        />
        <FilterSelect
          label="Product"
          value={query.get('product') ?? ''}
          onChange={(v) => setFilter('product', v)}
          options={lookups.products.map((p) => ({ value: String(p.id), label: p.name }))}
        />
        <FilterSelect
          label="Reason"
          value={query.get('reason') ?? ''}
          onChange={(v) => setFilter('reason', v)}
          options={lookups.reasons.map((r) => ({ value: r.slug, label: r.name }))}
        />
        <FilterSelect
          label="Urgency"
          value={query.get('urgency') ?? ''}
          onChange={(v) => setFilter('urgency', v)}
          options={lookups.urgencies.map((u) => ({ value: u.slug, label: u.name }))}
        />
        <FilterSelect
          label="Tag"
          value={query.get('tag') ?? ''}
          onChange={(v) => setFilter('tag', v)}
          options={tags.map((t) => ({ value: t.slug, label: t.name }))}
        />
        {query.get('client') && (
          <button type="button" className="button-quiet" onClick={() => setFilter('client', '')}>
            Clear client filter
          </button>
        )}
      </div>

      {error && (
        <p className="alert" role="alert">
          {error}
        </p>
      )}
      <p className="visually-hidden" aria-live="polite">
        {data ? `${data.total} tickets` : ''}
      </p>
      <p className="bulk-message" role="status">
        {bulkMessage}
      </p>
      {selected.size > 0 && (
        <BulkBar
          selected={[...selected]}
          lookups={lookups}
          tags={tags}
          onClear={() => setSelected(new Set())}
          onDone={(change, message) => onBulkDone([...selected], change, message)}
        />
      )}
      {statusMenu}
      {kept.isMoved && (
        <p className="kept-order" data-testid="kept-order">
          <span className="muted">The list keeps its order while tickets are ticked.</span>
          <button type="button" className="button-secondary" onClick={showFreshOrder}>
            {kept.added > 0 ? `${kept.added} new — show` : 'Refresh'}
          </button>
        </p>
      )}
      {data && rows.length === 0 && <p className="empty">No tickets match these filters.</p>}
      {data && rows.length > 0 && (
        <div className="table-scroll">
          <table className="tickets">
            <caption className="visually-hidden">Tickets, most recent activity first</caption>
            <thead>
              <tr>
                <th scope="col" className="select-cell">
                  <input
                    type="checkbox"
                    aria-label="Select every ticket on this page"
                    checked={isAllSelected}
                    onChange={() => setSelected(isAllSelected ? new Set() : new Set(pageIds))}
                  />
                </th>
                <th scope="col">Subject</th>
                <th scope="col">Client</th>
                <th scope="col">Status</th>
                <th scope="col">Assignee</th>
                <th scope="col">Last activity</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((t) => (
                <tr
                  key={t.id}
                  className={[t.unread && 'unread', t.goneNote && 'gone'].filter(Boolean).join(' ') || undefined}
                  data-testid={`ticket-row-${t.id}`}
                  data-ticket-id={t.id}
                >
                  <td className="select-cell">
                    <input
                      type="checkbox"
                      aria-label={`Select #${t.number ?? t.id} ${t.title}`}
                      checked={selected.has(t.id)}
                      onChange={() => toggle(t.id)}
                    />
                  </td>
                  <td>
                    {t.unread && (
                      <span className="unread-dot" data-testid="unread-dot">
                        <span className="visually-hidden">Unread: </span>
                      </span>
                    )}
                    <Link to={`tickets/${t.number}`} className="subject">
                      <Highlight text={t.title} words={words} />
                    </Link>
                    <span className="ticket-id">#{t.number ?? t.id}</span>
                    {t.urgency && <span className={`tag urgency-${t.urgency.slug}`}>{t.urgency.name}</span>}
                    {t.tags.map((tag) => (
                      <TagChip key={tag.id} tag={tag} />
                    ))}
                    {t.goneNote && (
                      <span className="gone-note" data-testid="gone-note">
                        {t.goneNote}
                      </span>
                    )}
                    {t.snippet && <Snippet parts={t.snippet} />}
                  </td>
                  <td data-label="Client">
                    {t.client ? (
                      <Link to={`?client=${t.client.id}`} title={t.client.email}>
                        <Highlight text={t.client.name} words={words} />
                      </Link>
                    ) : (
                      '—'
                    )}
                  </td>
                  <td data-label="Status">
                    <span className={`pill status-${t.status?.slug ?? 'none'}`}>{t.status?.name ?? '—'}</span>
                  </td>
                  <td data-label="Assignee">{t.assignee?.name ?? <span className="muted">Unassigned</span>}</td>
                  <td data-label="Last activity">
                    <When iso={t.modified} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data && pages > 1 && (
        <nav aria-label="Pages" className="pager">
          {page > 1 ? <Link to={withParams({ page: String(page - 1) })}>Previous</Link> : <span />}
          <span>
            Page {page} of {pages}
          </span>
          {page < pages ? <Link to={withParams({ page: String(page + 1) })}>Next</Link> : <span />}
        </nav>
      )}
    </div>
  );
}

function FilterSelect({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: Array<{ value: string; label: string }>;
  onChange: (value: string) => void;
}) {
  const id = `filter-${label.toLowerCase()}`;
  return (
    <div className="filter">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">Any</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
