import type { InboxPage, Lookups } from '../api/api.js';
import { useT } from '../i18n/i18n.js';
import { termName } from '../i18n/term-name.js';
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
  const tr = useT();
  const { t, number } = tr;
  const allCount = data ? Object.values(data.counts).reduce((a, b) => a + b, 0) : undefined;
  return (
    <nav aria-label={t('admin.nav.statuses')} className="status-tabs">
      <ul>
        <li>
          <Link to={linkTo(null)} aria-current={status === '' ? 'page' : undefined}>
            {t('admin.tabs.all')} <span className="count">{allCount === undefined ? '' : number(allCount)}</span>
          </Link>
        </li>
        {statuses.map((s) => (
          <li key={s.slug}>
            <Link to={linkTo(s.slug)} aria-current={status === s.slug ? 'page' : undefined}>
              <bdi>{termName(tr, 'status', s)}</bdi>{' '}
              <span className="count">{data?.counts[s.slug] === undefined ? '' : number(data.counts[s.slug] ?? 0)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
