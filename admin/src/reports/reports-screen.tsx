import { useCallback, useId, useMemo } from 'react';
import type { MessageKey } from '../../../common/i18n/message-keys.js';
import { apiRoot } from '../api/api.js';
import { useApi } from '../api/use-api.js';
import { useT } from '../i18n/i18n.js';
import { Link, navigate } from '../shared/router.js';
import { shownTimeZone } from '../shared/time-text.js';
import { useDocumentTitle } from '../shared/use-document-title.js';
import { BarChart } from './bar-chart.js';
import { BucketTicketsScreen } from './bucket-tickets-screen.js';
import {
  bucketScreenPath,
  chartedValue,
  GROUPINGS,
  type Grouping,
  isPageSlug,
  KIND_OF,
  type MetricName,
  OVERVIEW,
  PAGES,
  type PageSlug,
  queryFromAddress,
  type Report,
  type ReportIndex,
  type ReportQuery,
  reportPath,
  reportScreenPath,
  type Trend,
  ticketsCsvPath,
  todayIn,
  twoWeeks,
  weekFigures,
} from './report-shape.js';
import { labelOf, metricName, useFormat } from './report-text.js';
import './reports.css';

const PAGE_TITLE: Record<PageSlug | 'overview', MessageKey> = {
  overview: 'reports.page.overview',
  volume: 'reports.page.volume',
  times: 'reports.page.times',
  quality: 'reports.page.quality',
};
/** Reports: the overview (this week against last), then one page per group of metrics (`reports/volume`, …). */
export function ReportsScreen({ page, query, isAdmin }: { page: string | undefined; query: URLSearchParams; isAdmin: boolean }) {
  const { t } = useT();
  if (page === 'tickets') return <BucketTicketsScreen params={query} />;
  const slug: PageSlug | 'overview' = isPageSlug(page) ? page : 'overview';
  useDocumentTitle(`${t(PAGE_TITLE[slug])} – ${t('admin.nav.reports')}`);
  return (
    <section aria-labelledby="reports-title" className="reports">
      <div className="page-head">
        <h1 id="reports-title">{t('admin.nav.reports')}</h1>
      </div>
      <nav aria-label={t('reports.pages')} className="status-tabs">
        <ul>
          {(['overview', ...Object.keys(PAGES)] as Array<PageSlug | 'overview'>).map((each) => (
            <li key={each}>
              <Link to={each === 'overview' ? 'reports' : `reports/${each}`} aria-current={each === slug ? 'page' : undefined}>
                {t(PAGE_TITLE[each])}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {slug === 'overview' ? <Overview /> : <MetricsPage key={slug} slug={slug} params={query} isAdmin={isAdmin} />}
    </section>
  );
}

function Overview() {
  const { t } = useT();
  const tz = shownTimeZone();
  const weeks = useMemo(() => twoWeeks(todayIn(tz, new Date())), [tz]);
  const query: ReportQuery = { from: weeks.from, to: weeks.to, tz, group_by: 'week', hours: 'calendar' };
  return (
    <>
      <p className="muted">{t('reports.overviewIntro', { zone: tz })}</p>
      <ul className="report-overview">
        {OVERVIEW.map((metric) => (
          <OverviewFigure key={metric} metric={metric} query={query} weeks={weeks} />
        ))}
      </ul>
    </>
  );
}

const TREND_ARROW: Record<Trend, string> = { up: '↑', down: '↓', same: '=', none: '' };

function OverviewFigure({ metric, query, weeks }: { metric: MetricName; query: ReportQuery; weeks: ReturnType<typeof twoWeeks> }) {
  const tr = useT();
  const { t } = tr;
  const format = useFormat();
  const { data, error } = useApi<Report>(reportPath(metric, query));
  const figures = data ? weekFigures(data, weeks) : null;
  return (
    <li className="card report-figure" data-testid={`overview-${metric}`}>
      <h2>{t(metricName(metric))}</h2>
      {error && (
        <p role="alert" className="alert">
          {error}
        </p>
      )}
      {!figures && !error && <p aria-busy="true">{t('admin.app.loading')}</p>}
      {figures && (
        <>
          <p className="report-figure-value">
            {/* This week's figure leads to the tickets behind it, as a bar does. */}
            <Link to={bucketScreenPath(metric, query, weeks.thisWeek, labelOf({ key: weeks.thisWeek, label: null }, 'week', tr))}>
              {format(figures.kind, figures.current)}
            </Link>
          </p>
          <p className="muted">
            <span aria-hidden="true">{TREND_ARROW[figures.trend]} </span>
            {t('reports.trend', { trend: figures.trend, last: format(figures.kind, figures.previous) })}
          </p>
        </>
      )}
    </li>
  );
}

function MetricsPage({ slug, params, isAdmin }: { slug: PageSlug; params: URLSearchParams; isAdmin: boolean }) {
  const { t } = useT();
  const id = useId();
  // The parameters live in the address, so a bar's tickets can lead back to the very same report.
  const query = useMemo(() => queryFromAddress(params, shownTimeZone(), new Date()), [params]);
  const change = (changes: Partial<ReportQuery>) => navigate(reportScreenPath(slug, { ...query, ...changes }), { replace: true });
  // What this reader may group by (per agent: admins, and agents when the setting allows); until the API says,
  // per agent for admins only.
  const index = useApi<ReportIndex>('/reports/');
  const groupings = GROUPINGS.filter((g) => (index.data ? index.data.groupings.includes(g) : isAdmin || g !== 'agent'));
  return (
    <>
      <form className="report-controls" aria-label={t('reports.controls')} onSubmit={(event) => event.preventDefault()}>
        <div className="field">
          <label htmlFor={`${id}-from`}>{t('reports.from')}</label>
          <input
            id={`${id}-from`}
            type="date"
            value={query.from}
            max={query.to}
            onChange={(e) => e.target.value && change({ from: e.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-to`}>{t('reports.to')}</label>
          <input
            id={`${id}-to`}
            type="date"
            value={query.to}
            min={query.from}
            onChange={(e) => e.target.value && change({ to: e.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-tz`}>{t('reports.timeZone')}</label>
          <input
            id={`${id}-tz`}
            defaultValue={query.tz}
            onBlur={(e) => e.target.value.trim() && e.target.value.trim() !== query.tz && change({ tz: e.target.value.trim() })}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-group`}>{t('reports.groupBy')}</label>
          <select id={`${id}-group`} value={query.group_by} onChange={(e) => change({ group_by: e.target.value as Grouping })}>
            {groupings.map((g) => (
              <option key={g} value={g}>
                {t(`reports.group.${g}` as MessageKey)}
              </option>
            ))}
          </select>
        </div>
        {slug === 'times' && (
          <div className="field">
            <label htmlFor={`${id}-hours`}>{t('reports.hours')}</label>
            <select id={`${id}-hours`} value={query.hours} onChange={(e) => change({ hours: e.target.value as ReportQuery['hours'] })}>
              <option value="calendar">{t('reports.hoursCalendar')}</option>
              <option value="business">{t('reports.hoursBusiness')}</option>
            </select>
          </div>
        )}
      </form>
      <p>
        <a href={apiRoot + ticketsCsvPath(query)} download>
          {t('reports.ticketsCsv')}
        </a>
      </p>
      <p className="muted">{t('reports.chartHint')}</p>
      {PAGES[slug].map((metric) => (
        <MetricReport key={metric} metric={metric} query={query} />
      ))}
    </>
  );
}

function MetricReport({ metric, query }: { metric: MetricName; query: ReportQuery }) {
  const tr = useT();
  const { t } = tr;
  const format = useFormat();
  const kind = KIND_OF[metric];
  const { data, error } = useApi<Report>(reportPath(metric, query), { clearOnError: true });
  const headingId = useId();
  const labels = useMemo(() => data?.buckets.map((bucket) => labelOf(bucket, data.group_by as Grouping, tr)) ?? [], [data, tr]);
  const values = useMemo(() => data?.buckets.map((b) => chartedValue(kind, b)) ?? [], [data, kind]);
  const formatValue = useMemo(() => (value: number) => format(kind, value), [format, kind]);
  const behind = useCallback(
    (i: number) => bucketScreenPath(metric, query, data?.buckets[i]?.key ?? '', labels[i] ?? ''),
    [metric, query, data, labels],
  );
  const openBar = useCallback((i: number) => navigate(behind(i)), [behind]);
  return (
    <article className="card report" aria-labelledby={headingId} data-testid={`report-${metric}`}>
      <h2 id={headingId}>{t(metricName(metric))}</h2>
      {data && (
        <div className="report-definition">
          <p>{data.definition}</p>
          {data.statistics && <p className="muted small">{data.statistics}</p>}
        </div>
      )}
      {error && (
        <p role="alert" className="alert">
          {error}
        </p>
      )}
      {!data && !error && <p aria-busy="true">{t('admin.app.loading')}</p>}
      {data && data.buckets.length === 0 && <p className="muted">{t('reports.empty')}</p>}
      {data && data.buckets.length > 0 && (
        <>
          <BarChart labels={labels} values={values} format={formatValue} onSelect={openBar} />
          <div className="table-scroll">
            <table className="report-table">
              <caption className="visually-hidden">{t(metricName(metric))}</caption>
              <thead>
                <tr>
                  <th scope="col">{t(`reports.group.${query.group_by}` as MessageKey)}</th>
                  <th scope="col">{t('reports.col.n')}</th>
                  {kind === 'time' && (
                    <>
                      <th scope="col">{t('reports.col.median')}</th>
                      <th scope="col">{t('reports.col.p90')}</th>
                      <th scope="col">{t('reports.col.mean')}</th>
                    </>
                  )}
                  {kind === 'share' && (
                    <>
                      <th scope="col">{t('reports.col.yes')}</th>
                      <th scope="col">{t('reports.col.share')}</th>
                    </>
                  )}
                </tr>
              </thead>
              <tbody>
                {data.buckets.map((bucket, i) => (
                  <tr key={bucket.key}>
                    <th scope="row">
                      <bdi>{labels[i]}</bdi>
                    </th>
                    <td>
                      {bucket.n > 0 ? (
                        <Link to={behind(i)}>
                          {format('count', bucket.n)}{' '}
                          <span className="visually-hidden">{t('reports.showBehind', { bucket: labels[i] ?? '' })}</span>
                        </Link>
                      ) : (
                        format('count', bucket.n)
                      )}
                    </td>
                    {kind === 'time' && (
                      <>
                        <td>{format('time', bucket.median_s)}</td>
                        <td>{format('time', bucket.p90_s)}</td>
                        <td>{format('time', bucket.mean_s)}</td>
                      </>
                    )}
                    {kind === 'share' && (
                      <>
                        <td>{format('count', bucket.yes ?? 0)}</td>
                        <td>{format('share', bucket.share)}</td>
                      </>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      <p>
        <a href={apiRoot + reportPath(metric, query, true)} download>
          {t('reports.csv', { metric: t(metricName(metric)) })}
        </a>
      </p>
    </article>
  );
}
