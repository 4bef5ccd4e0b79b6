import type { MessageKey } from '../../../common/i18n/message-keys.js';
import { useApi } from '../api/use-api.js';
import { useT } from '../i18n/i18n.js';
import { useDocumentTitle } from '../shared/use-document-title.js';
import '../reports/reports.css';

interface DeflectionReply {
  days: number;
  funnel: Record<'opened' | 'typed' | 'shown' | 'doc_opened' | 'confirmed' | 'assumed' | 'filed', number>;
  rate: number | null;
  docs: Array<{ id: number; title: string; helped: number; not_helped: number }>;
  empty_searches: Array<{ query: string; sessions: number }>;
}

const STEPS: Array<[keyof DeflectionReply['funnel'], MessageKey]> = [
  ['opened', 'deflection.opened'],
  ['typed', 'deflection.typed'],
  ['shown', 'deflection.shown'],
  ['doc_opened', 'deflection.docOpened'],
  ['confirmed', 'deflection.confirmed'],
  ['assumed', 'deflection.assumed'],
  ['filed', 'deflection.filed'],
];

/** Deflection (issue 38): the widget sessions' funnel, the deflection rate, answers per doc and the searches that found nothing. */
export function DeflectionScreen() {
  const { t } = useT();
  useDocumentTitle(t('admin.nav.deflection'));
  const { data, error } = useApi<DeflectionReply>('/deflection?days=30');
  return (
    <section aria-labelledby="deflection-title">
      <div className="page-head">
        <h1 id="deflection-title">{t('admin.nav.deflection')}</h1>
      </div>
      <p className="muted">{t('deflection.intro', { days: data?.days ?? 30 })}</p>
      {error && (
        <p role="alert" className="alert">
          {error}
        </p>
      )}
      {!data && !error && <p aria-busy="true">{t('admin.app.loading')}</p>}
      {data && (
        <>
          <div className="card">
            <p className="satisfaction-figure">{data.rate === null ? t('deflection.noRate') : t('deflection.rate', { rate: data.rate })}</p>
            <p className="muted">{t('deflection.rateHint')}</p>
          </div>
          <div className="card">
            <h2 id="deflection-funnel">{t('deflection.funnel')}</h2>
            <table className="report-table" aria-labelledby="deflection-funnel">
              <thead>
                <tr>
                  <th scope="col">{t('deflection.step')}</th>
                  <th scope="col">{t('deflection.sessions')}</th>
                </tr>
              </thead>
              <tbody>
                {STEPS.map(([step, label]) => (
                  <tr key={step}>
                    <th scope="row">{t(label)}</th>
                    <td>{data.funnel[step]}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="card">
            <h2 id="deflection-docs">{t('deflection.docs')}</h2>
            {data.docs.length === 0 ? (
              <p className="muted">{t('deflection.noDocs')}</p>
            ) : (
              <table className="report-table" aria-labelledby="deflection-docs">
                <thead>
                  <tr>
                    <th scope="col">{t('deflection.doc')}</th>
                    <th scope="col">{t('deflection.helped')}</th>
                    <th scope="col">{t('deflection.notHelped')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.docs.map((doc) => (
                    <tr key={doc.id}>
                      <th scope="row" dir="auto">
                        {doc.title}
                      </th>
                      <td>{doc.helped}</td>
                      <td>{doc.not_helped}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </div>
          <div className="card">
            <h2 id="deflection-empty">{t('deflection.empty')}</h2>
            <p className="muted">{t('deflection.emptyHint')}</p>
            {data.empty_searches.length === 0 ? (
              <p className="muted">{t('deflection.noEmpty')}</p>
            ) : (
              <table className="report-table" aria-labelledby="deflection-empty">
                <thead>
                  <tr>
                    <th scope="col">{t('deflection.query')}</th>
                    <th scope="col">{t('deflection.sessions')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.empty_searches.map((s) => (
                    <tr key={s.query}>
                      <th scope="row" dir="auto">
                        {s.query}
                      </th>
                      <td>{s.sessions}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </div>
        </>
      )}
    </section>
  );
}
