import type { ViewCounts } from '../api/api.js';
import { Link } from '../shared/router.js';

const VIEWS = [
  { value: '', label: 'All tickets', count: undefined },
  { value: 'mine', label: 'Mine', count: 'mine' },
  { value: 'unassigned', label: 'Unassigned', count: 'unassigned' },
  { value: 'needs-reply', label: 'Needs reply', count: 'needs_reply' },
] as const;

/** The team views ("Mine", "Unassigned", "Needs reply") with their counts, and how many of yours are unread. */
export function ViewSwitcher({ view, views, linkTo }: { view: string; views: ViewCounts | null; linkTo: (view: string | null) => string }) {
  return (
    <nav aria-label="Views" className="view-switcher">
      <ul>
        {VIEWS.map((v) => (
          <li key={v.value}>
            <Link to={linkTo(v.value || null)} aria-current={view === v.value ? 'page' : undefined}>
              {v.label} {v.count && <span className="count">{views?.[v.count] ?? ''}</span>}
            </Link>
          </li>
        ))}
      </ul>
      {views && views.unread > 0 && (
        <p className="unread-count" data-testid="unread-count">
          <span className="unread-dot" aria-hidden="true" /> {views.unread} unread of yours
        </p>
      )}
    </nav>
  );
}
