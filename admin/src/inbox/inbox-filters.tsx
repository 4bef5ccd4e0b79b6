import { useState } from 'react';
import type { Lookups, Tag } from '../api/api.js';
import { FilterSelect } from './filter-select.js';

/** The inbox's filters (assignee, product, reason, urgency, tag, client); on a phone folded behind a button. */
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
  const [filtersShown, setFiltersShown] = useState(false);
  const filtersInUse = ['assignee', 'product', 'reason', 'urgency', 'tag', 'client'].filter((key) => query.get(key)).length;
  return (
    <>
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
    </>
  );
}
