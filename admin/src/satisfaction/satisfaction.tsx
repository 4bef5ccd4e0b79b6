import type { loadSatisfaction } from '../api/notifications-api.js';
import { useApi } from '../api/use-api.js';
import { useT } from '../i18n/i18n.js';
import { useDocumentTitle } from '../shared/use-document-title.js';

/** The satisfaction figure: the share of "Yes, solved" among the clients' answers of the last 30 days. */
export function SatisfactionScreen() {
  const { t } = useT();
  useDocumentTitle(t('admin.nav.satisfaction'));
  const { data: figure, error: failed } = useApi<Awaited<ReturnType<typeof loadSatisfaction>>>('/ratings/summary');
  return (
    <section aria-labelledby="satisfaction-title">
      <div className="page-head">
        <h1 id="satisfaction-title">{t('admin.nav.satisfaction')}</h1>
      </div>
      <p className="muted">{t('admin.satisfaction.intro')}</p>
      {failed && (
        <p role="alert" className="alert">
          {failed}
        </p>
      )}
      {!figure && !failed && <p aria-busy="true">{t('admin.app.loading')}</p>}
      {figure && (
        <div className="card satisfaction" data-testid="satisfaction">
          {figure.percent_yes === null ? (
            <p>{t('admin.satisfaction.none', { days: figure.days })}</p>
          ) : (
            <>
              <p className="satisfaction-figure">{t('admin.satisfaction.share', { share: figure.percent_yes / 100 })}</p>
              <p className="muted">{t('admin.satisfaction.counts', { days: figure.days, yes: figure.yes, no: figure.no })}</p>
            </>
          )}
        </div>
      )}
    </section>
  );
}
