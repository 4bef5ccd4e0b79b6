import type { InboxPage, Lookups } from '../api/api.js';
import { Link } from '../shared/router.js';

/** A tab per status with its count, and "All" with the sum. */
export function StatusTabs({
  status,
  statuses,
  data,
  linkTo,
}: {
  status: string;
  statuses: Lookups['statuses'];
  data: InboxPage | null;
  linkTo: (status: string | null) => string;
}) {
  const allCount = data ? Object.values(data.counts).reduce((a, b) => a + b, 0) : undefined;
  return (
    <nav aria-label="Statuses" className="status-tabs">
      <ul>
        <li>
          <Link to={linkTo(null)} aria-current={status === '' ? 'page' : undefined}>
            All <span className="count">{allCount ?? ''}</span>
          </Link>
        </li>
        {statuses.map((s) => (
          <li key={s.slug}>
            <Link to={linkTo(s.slug)} aria-current={status === s.slug ? 'page' : undefined}>
              {s.name} <span className="count">{data?.counts[s.slug] ?? ''}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
