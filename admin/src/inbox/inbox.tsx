import type { Lookups, Me } from '../api/api.js';
import { useT } from '../i18n/i18n.js';
import { termName } from '../i18n/term-name.js';
import { useListShortcuts } from '../shared/keyboard-shortcuts.js';
import { navigate } from '../shared/router.js';
import { useTags } from '../shared/use-tags.js';
import { useTicketShortcuts } from '../shared/use-ticket-shortcuts.js';
import { BulkBar } from './bulk-bar.js';
import { searchWords } from './highlight.js';
import { InboxFilters } from './inbox-filters.js';
import { InboxHead } from './inbox-head.js';
import { InboxPager } from './inbox-pager.js';
import { withParams } from './inbox-query.js';
import { ViewSwitcher } from './inbox-views.js';
import { SetupChecklist } from './setup-checklist.js';
import { StatusTabs } from './status-tabs.js';
import { TicketTable } from './ticket-table.js';
import { useBulkActions } from './use-bulk-actions.js';
import { useInboxData } from './use-inbox-data.js';
import { useKeptOrder } from './use-kept-order.js';
import { useSelection } from './use-selection.js';

/** The inbox: status tabs with counts, filters and search, tickets by last activity. State lives in the URL. */
export function Inbox({ query, lookups, me }: { query: URLSearchParams; lookups: Lookups; me: NonNullable<Me['user']> }) {
  const tr = useT();
  const { t } = tr;
  useListShortcuts('.tickets a.subject');
  const { tags, reloadTags } = useTags();
  const { data, error, views, refreshNow } = useInboxData(query, reloadTags);
  const { selected, setSelected, toggle } = useSelection(query.toString());
  // `#12` looks for a number, not for words.
  const search = query.get('search') ?? '';
  const words = search.trim().startsWith('#') ? [] : searchWords(search);
  const linkTo = (changes: Record<string, string | null>) => withParams(query, changes);
  const setFilter = (key: string, value: string) => navigate(linkTo({ [key]: value || null }));
  // While tickets are ticked the rows keep their places (use-kept-order.ts): live updates and the agent's own
  // changes refresh them where they are.
  const kept = useKeptOrder(data?.tickets, selected.size > 0);
  const rows = kept.rows;
  const showFreshOrder = () => {
    const onPage = new Set(data?.tickets.map((ticket) => ticket.id));
    setSelected((current) => new Set([...current].filter((id) => onPage.has(id))));
    kept.release();
  };
  const { bulkMessage, onBulkDone, runBulk } = useBulkActions({ selected, lookups, kept, reloadTags, refreshNow });
  const statusName = (slug: string) => {
    const status = lookups.statuses.find((s) => s.slug === slug);
    return status ? termName(tr, 'status', status) : slug;
  };
  const statusMenu = useTicketShortcuts(lookups.statuses, {
    assignToMe: () => void runBulk({ assignee: me.id }, t('admin.bulk.what.assigned', { name: me.name })),
    setStatus: (slug) => void runBulk({ status: slug }, t('admin.bulk.what.status', { name: statusName(slug) })),
  });
  const page = Number(query.get('page') ?? '1');

  return (
    <div className="inbox">
      {me.role === 'admin' && <SetupChecklist />}
      <InboxHead search={search} onSearch={(words) => setFilter('search', words)} />
      <ViewSwitcher view={query.get('view') ?? ''} views={views} linkTo={(v) => linkTo({ view: v })} />
      <StatusTabs status={query.get('status') ?? ''} statuses={lookups.statuses} data={data} linkTo={(s) => linkTo({ status: s })} />
      <InboxFilters query={query} lookups={lookups} tags={tags} setFilter={setFilter} />

      {error && (
        <p className="alert" role="alert">
          {error}
        </p>
      )}
      <p className="visually-hidden" aria-live="polite">
        {data ? t('admin.inbox.total', { count: data.total }) : ''}
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
          <span className="muted">{t('admin.inbox.keptOrder')}</span>
          <button type="button" className="button-secondary" onClick={showFreshOrder}>
            {kept.added > 0 ? t('admin.inbox.showNew', { count: kept.added }) : t('admin.inbox.refresh')}
          </button>
        </p>
      )}
      {data && rows.length === 0 && <p className="empty">{t('admin.inbox.empty')}</p>}
      {data && rows.length > 0 && (
        <TicketTable rows={rows} words={words} selected={selected} onToggle={toggle} onSelectAll={(ids) => setSelected(new Set(ids))} />
      )}
      {data && <InboxPager data={data} page={page} linkTo={(p) => linkTo({ page: String(p) })} />}
    </div>
  );
}
