import { useMemo } from 'react';
import type { MessageKey } from '../../../common/i18n/message-keys.js';
import { useApi } from '../api/use-api.js';
import { useT } from '../i18n/i18n.js';
import { termName } from '../i18n/term-name.js';
import { InboxPager } from '../inbox/inbox-pager.js';
import { Link } from '../shared/router.js';
import { shownTimeZone, timeText } from '../shared/time-text.js';
import { useDocumentTitle } from '../shared/use-document-title.js';
import {
  type BucketTickets,
  bucketScreenPath,
  bucketTicketsPath,
  isMetricName,
  KIND_OF,
  type MetricName,
  pageOf,
  type queryFrom,
  queryFromAddress,
  reportScreenPath,
} from './report-shape.js';
import { metricName, useFormat } from './report-text.js';

/** What one line of a metric is, for the count above the list: most count tickets; some replies, answers or targets. */
const UNIT: Partial<Record<MetricName, MessageKey>> = {
  next_reply: 'reports.behind.replies',
  satisfaction: 'reports.behind.answers',
  sla_first_reply: 'reports.behind.targets',
  sla_next_reply: 'reports.behind.targets',
  sla_resolution: 'reports.behind.targets',
};

/**
 * The tickets behind one bar of a report (`reports/tickets?metric=…&key=…` with the report's parameters): the very
 * lines the bar counted, as many as it says, each linked to its ticket, a page at a time, and a way back to the
 * report as it was.
 */
export function BucketTicketsScreen({ params }: { params: URLSearchParams }) {
  const tr = useT();
  const { t } = tr;
  const format = useFormat();
  const metric = params.get('metric');
  const key = params.get('key') ?? '';
  const label = params.get('label') || key;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query = useMemo(() => queryFromAddress(params, shownTimeZone(), new Date()), [params]);
  const valid = isMetricName(metric) && key !== '';
  const { data, error } = useApi<BucketTickets>(valid ? bucketTicketsPath(metric, query, key, page) : null, { clearOnError: true });
  const heading = valid ? t('reports.behind.heading', { metric: t(metricName(metric)), bucket: label }) : t('admin.nav.reports');
  useDocumentTitle(`${heading} – ${t('admin.nav.reports')}`);
  if (!valid)
    return (
      <section className="reports">
        <h1>{heading}</h1>
        <p>
          <Link to="reports">{t('reports.behind.missing')}</Link>
        </p>
      </section>
    );
  const kind = KIND_OF[metric];
  const isTarget = metric.startsWith('sla_');
  return (
    <section className="reports" aria-labelledby="bucket-title">
      <p>
        <Link to={reportScreenPath(pageOf(metric), query)}>
          <span className="dir-icon" aria-hidden="true">
            ←
          </span>{' '}
          {t('reports.behind.back')}
        </Link>
      </p>
      <div className="page-head">
        <h1 id="bucket-title">
          <bdi>{heading}</bdi>
        </h1>
      </div>
      {data && <p className="report-definition">{data.definition}</p>}
      {error && (
        <p role="alert" className="alert">
          {error}
        </p>
      )}
      {!data && !error && <p aria-busy="true">{t('admin.app.loading')}</p>}
      {data && (
        <>
          <p role="status" data-testid="bucket-count">
            {t(UNIT[metric] ?? 'reports.behind.tickets', { count: data.n })}
          </p>
          <div className="table-scroll">
            <table className="report-table">
              <caption className="visually-hidden">{heading}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('reports.behind.col.ticket')}</th>
                  <th scope="col">{t('reports.behind.col.subject')}</th>
                  <th scope="col">{t('reports.behind.col.status')}</th>
                  <th scope="col">{t('reports.behind.col.at')}</th>
                  {kind === 'time' && <th scope="col">{t('reports.behind.col.time')}</th>}
                  {kind === 'share' && <th scope="col">{t(isTarget ? 'reports.behind.col.target' : 'reports.behind.col.answer')}</th>}
                </tr>
              </thead>
              <tbody>
                {data.tickets.map((line, i) => (
                  <tr key={`${line.ticket_id}-${i}`}>
                    <td>{line.number === null ? '–' : <Link to={`tickets/${line.number}`}>#{line.number}</Link>}</td>
                    <td>
                      <bdi>{line.subject}</bdi>
                    </td>
                    <td>
                      {line.status_slug && line.status_name
                        ? termName(tr, 'status', { slug: line.status_slug, name: line.status_name })
                        : '–'}
                    </td>
                    <td>{timeText(line.at)}</td>
                    {kind === 'time' && <td>{format('time', line.value_s)}</td>}
                    {kind === 'share' && <td>{shareText(t, line.ok, isTarget)}</td>}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <InboxPager
            data={{ total: data.n, per_page: data.per_page }}
            page={page}
            linkTo={(to) => bucketPage(metric, query, key, label, to)}
          />
        </>
      )}
    </section>
  );
}

function bucketPage(metric: MetricName, query: ReturnType<typeof queryFrom>, key: string, label: string, page: number): string {
  return `${bucketScreenPath(metric, query, key, label)}&page=${page}`;
}

function shareText(t: ReturnType<typeof useT>['t'], ok: boolean | null, isTarget: boolean): string {
  if (ok === null) return '–';
  if (isTarget) return t(ok ? 'reports.behind.met' : 'reports.behind.breached');
  return t(ok ? 'reports.behind.yes' : 'reports.behind.no');
}
