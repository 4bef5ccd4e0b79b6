import { useCallback, useEffect, useState } from 'react';
import { loadSatisfaction } from '../api/notifications-api.js';
import { useT } from '../i18n/i18n.js';
import { useDebounced, useLiveEvents } from '../live/live-events.js';
import { Link } from '../shared/router.js';

type Figure = Awaited<ReturnType<typeof loadSatisfaction>>;

/**
 * The satisfaction figure, small, beside the inbox's title: agents see it where they work, and it links
 * to its own screen. Nothing shows before the first answer. A client's answer updates it live.
 */
export function SatisfactionFigure() {
  const { t } = useT();
  const [figure, setFigure] = useState<Figure | null>(null);
  const reload = useCallback(() => {
    // A figure that cannot be fetched is left out: it is a hint, not the inbox's job.
    loadSatisfaction().then(setFigure, () => setFigure(null));
  }, []);
  useEffect(reload, [reload]);
  const refresh = useDebounced(reload, 300);
  useLiveEvents((event) => {
    if (event.name === 'resync' || event.data.fields?.includes('rating')) refresh();
  });
  if (figure?.percent_yes === null || figure?.percent_yes === undefined) return null;
  return (
    <Link to="satisfaction" className="satisfaction-mini" data-testid="satisfaction-mini">
      {t('admin.satisfaction.mini', { share: figure.percent_yes / 100, days: figure.days })}
    </Link>
  );
}
