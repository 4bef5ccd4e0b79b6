import type { InboxPage } from '../api/api.js';
import { useT } from '../i18n/i18n.js';
import { Link } from '../shared/router.js';

/** Previous and next page of the inbox (or another paged list), when there is more than one. */
export function InboxPager({
  data,
  page,
  linkTo,
}: {
  data: Pick<InboxPage, 'total' | 'per_page'>;
  page: number;
  linkTo: (page: number) => string;
}) {
  const { t } = useT();
  const pages = Math.max(1, Math.ceil(data.total / data.per_page));
  if (pages <= 1) return null;
  return (
    <nav aria-label={t('admin.pager.label')} className="pager">
      {page > 1 ? (
        <Link to={linkTo(page - 1)} rel="prev">
          <span className="dir-icon" aria-hidden="true">
            ←
          </span>{' '}
          {t('admin.pager.previous')}
        </Link>
      ) : (
        <span />
      )}
      <span>{t('admin.pager.page', { page, pages })}</span>
      {page < pages ? (
        <Link to={linkTo(page + 1)} rel="next">
          {t('admin.pager.next')}{' '}
          <span className="dir-icon" aria-hidden="true">
            →
          </span>
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
