import { useState } from 'react';
import type { Lookups, ResponseOf, Tag } from '../api/api.js';
import { useApi } from '../api/use-api.js';
import { useT } from '../i18n/i18n.js';
import { termName } from '../i18n/term-name.js';
import { FilterSelect } from './filter-select.js';

/**
 * The inbox's filters (assignee, product, reason, urgency, tag, organisation, client); on a phone folded behind a button.
 * The organisations are read once with the inbox; with none, their filter is not offered.
 */
export function InboxFilters({
  query,
  lookups,
  tags,
  setFilter,
}: {
  query: URLSearchParams;
  lookups: Lookups;
  tags: Tag[];
  setFilter: (key: string, value: string) => void;
}) {
  // On a phone the filters fold behind a button so the first screen shows tickets (styles.css).
  const tr = useT();
  const { t } = tr;
  const [filtersShown, setFiltersShown] = useState(false);
  const { data: organisations } = useApi<ResponseOf<'listOrganisations'>>('/organisations/');
  const filtersInUse = ['assignee', 'product', 'reason', 'urgency', 'tag', 'client', 'organisation'].filter((key) => query.get(key)).length;
  return (
    <>
      <button
        type="button"
        className="filters-toggle button-secondary"
        aria-expanded={filtersShown}
        aria-controls="inbox-filters"
        onClick={() => setFiltersShown(!filtersShown)}
      >
        {t('admin.filters.toggle', { count: filtersInUse })}
      </button>
      <div className={`filters${filtersShown ? ' shown' : ''}`} id="inbox-filters">
        <FilterSelect
          name="assignee"
          label={t('admin.filters.assignee')}
          value={query.get('assignee') ?? ''}
          onChange={(v) => setFilter('assignee', v)}
          options={[
            { value: 'me', label: t('admin.filters.me') },
            { value: 'none', label: t('admin.filters.unassigned') },
            ...lookups.staff.map((u) => ({ value: String(u.id), label: u.name })),
          ]}
        />
        <FilterSelect
          name="product"
          label={t('admin.filters.product')}
          value={query.get('product') ?? ''}
          onChange={(v) => setFilter('product', v)}
          options={lookups.products.map((p) => ({ value: String(p.id), label: p.name }))}
        />
        <FilterSelect
          name="reason"
          label={t('admin.filters.reason')}
          value={query.get('reason') ?? ''}
          onChange={(v) => setFilter('reason', v)}
          options={lookups.reasons.map((r) => ({ value: r.slug, label: termName(tr, 'reason', r) }))}
        />
        <FilterSelect
          name="urgency"
          label={t('admin.filters.urgency')}
          value={query.get('urgency') ?? ''}
          onChange={(v) => setFilter('urgency', v)}
          options={lookups.urgencies.map((u) => ({ value: u.slug, label: termName(tr, 'urgency', u) }))}
        />
        <FilterSelect
          name="tag"
          label={t('admin.filters.tag')}
          value={query.get('tag') ?? ''}
          onChange={(v) => setFilter('tag', v)}
          options={tags.map((tag) => ({ value: tag.slug, label: tag.name }))}
        />
        {((organisations && organisations.length > 0) || query.get('organisation')) && (
          <FilterSelect
            name="organisation"
            label={t('admin.filters.organisation')}
            value={query.get('organisation') ?? ''}
            onChange={(v) => setFilter('organisation', v)}
            options={(organisations ?? []).map((o) => ({ value: String(o.id), label: o.name }))}
          />
        )}
        {/* The service-level views are always in due order. */}
        {!['overdue', 'due-soon'].includes(query.get('view') ?? '') && (
          <div className="filter">
            <label htmlFor="inbox-sort">{t('admin.sort.label')}</label>
            <select id="inbox-sort" value={query.get('sort') ?? ''} onChange={(e) => setFilter('sort', e.target.value)}>
              <option value="">{t('admin.sort.activity')}</option>
              <option value="due">{t('admin.sort.due')}</option>
            </select>
          </div>
        )}
        {query.get('client') && (
          <button type="button" className="button-quiet" onClick={() => setFilter('client', '')}>
            {t('admin.filters.clearClient')}
          </button>
        )}
      </div>
    </>
  );
}
