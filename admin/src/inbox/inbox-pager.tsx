import type { InboxPage } from '../api/api.js';
import { Link } from '../shared/router.js';

/** Previous and next page of the inbox, when there is more than one. */
export function InboxPager({ data, page, linkTo }: { data: InboxPage; page: number; linkTo: (page: number) => string }) {
  const pages = Math.max(1, Math.ceil(data.total / data.per_page));
  if (pages <= 1) return null;
  return (
    <nav aria-label="Pages" className="pager">
      {page > 1 ? <Link to={linkTo(page - 1)}>Previous</Link> : <span />}
      <span>
        Page {page} of {pages}
      </span>
      {page < pages ? <Link to={linkTo(page + 1)}>Next</Link> : <span />}
    </nav>
  );
}
