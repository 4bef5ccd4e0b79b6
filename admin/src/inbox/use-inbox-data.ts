import { useEffect, useState } from 'react';
import type { InboxPage, ViewCounts } from '../api/api.js';
import { useApi } from '../api/use-api.js';
import { useT } from '../i18n/i18n.js';
import { useDebounced, useLiveEvents } from '../live/live-events.js';
import { inboxApiPath } from './inbox-query.js';

/**
 * The inbox's page of tickets for the filters in the URL, and the team views' counts, fetched again when
 * tickets change elsewhere (at most about once a second) or when `refreshNow` is called.
 */
export function useInboxData(query: URLSearchParams, reloadTags: () => void) {
  // Bumped when tickets change elsewhere: the list is fetched again.
  const [freshness, setFreshness] = useState(0);
  const refresh = useDebounced(() => setFreshness((n) => n + 1), 700);
  useLiveEvents((event) => {
    // The bell's own events change nothing in the list.
    if (event.name === 'presence' || event.name === 'notification.added' || event.name === 'notifications.read') return;
    // A tag renamed, recoloured or deleted (or made by typing it on a ticket): the filter and the chips follow.
    if (event.name === 'tag.changed' || event.name === 'resync' || event.data.fields?.includes('tags')) reloadTags();
    refresh();
  });
  const { t } = useT();
  useEffect(() => {
    document.title = t('admin.inbox.pageTitle');
  }, [t]);
  const page = useApi<InboxPage>(inboxApiPath(query), { refetchOn: freshness });
  // The views' counts come apart from the page (each visits its whole view); a failure leaves them blank.
  const views = useApi<ViewCounts>('/tickets/views', { clearOnError: true, refetchOn: `${query} ${freshness}` });
  const refreshNow = () => setFreshness((n) => n + 1);
  return { data: page.data, error: page.error, views: views.data, refreshNow };
}
