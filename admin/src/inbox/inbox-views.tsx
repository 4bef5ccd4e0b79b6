import type { MessageKey } from '../../../common/i18n/message-keys.js';
import type { ViewCounts } from '../api/api.js';
import { useT } from '../i18n/i18n.js';
import { Link } from '../shared/router.js';

const VIEWS: ReadonlyArray<{ value: string; message: MessageKey; count?: 'mine' | 'unassigned' | 'needs_reply' | 'overdue' | 'due_soon' }> =
  [
    { value: '', message: 'admin.views.all' },
    { value: 'mine', message: 'admin.views.mine', count: 'mine' },
    { value: 'unassigned', message: 'admin.views.unassigned', count: 'unassigned' },
    { value: 'needs-reply', message: 'admin.views.needsReply', count: 'needs_reply' },
    { value: 'overdue', message: 'admin.views.overdue', count: 'overdue' },
    { value: 'due-soon', message: 'admin.views.dueSoon', count: 'due_soon' },
  ];

/**
 * The team views ("Mine", "Unassigned", "Needs reply") and the service-level ones ("Overdue", "Due within 1 hour")
 * with their counts, and how many of yours are unread.
 */
export function ViewSwitcher({ view, views, linkTo }: { view: string; views: ViewCounts | null; linkTo: (view: string | null) => string }) {
  const { t, number } = useT();
  return (
    <nav aria-label={t('admin.views.label')} className="view-switcher">
      <ul>
        {VIEWS.map((v) => (
          <li key={v.value}>
            <Link to={linkTo(v.value || null)} aria-current={view === v.value ? 'page' : undefined}>
              {t(v.message)} {v.count && <span className="count">{views ? number(views[v.count]) : ''}</span>}
            </Link>
          </li>
        ))}
      </ul>
      {views && views.unread > 0 && (
        <p className="unread-count" data-testid="unread-count">
          <span className="unread-dot" aria-hidden="true" /> {t('admin.views.unread', { count: views.unread })}
        </p>
      )}
    </nav>
  );
}
