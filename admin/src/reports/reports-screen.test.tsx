// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { I18nProvider, loadNamespaces } from '../i18n/i18n.js';
import { navigate, useRoute } from '../shared/router.js';
import { jsonAnswer } from '../test/answers.js';
import { ReportsScreen } from './reports-screen.js';

/** The screen as the app shows it: its page and parameters from the address, which its controls change. */
function Routed({ isAdmin }: { isAdmin: boolean }) {
  const route = useRoute();
  return <ReportsScreen page={route.path.split('/')[1]} query={route.query} isAdmin={isAdmin} />;
}
const open = (path: string, isAdmin = false) => {
  navigate(path, { replace: true });
  return render(
    <I18nProvider>
      <Routed isAdmin={isAdmin} />
    </I18nProvider>,
  );
};

// happy-dom has no canvas: uPlot is replaced by a stand-in that remembers what it was asked to draw.
const drawn: Array<{ data: unknown }> = [];
vi.mock('./load-uplot.js', () => {
  class FakePlot {
    static paths = { bars: () => null };
    over = document.createElement('div');
    posToVal(position: number) {
      return position / 100;
    }
    constructor(_options: unknown, data: unknown) {
      drawn.push({ data });
    }
    setSize() {}
    destroy() {}
  }
  return { loadUPlot: async () => ({ default: FakePlot }) };
});

const bucket = (key: string, n: number, median_s: number | null) => ({
  key,
  label: null,
  n,
  median_s,
  p90_s: median_s === null ? null : median_s * 2,
  mean_s: median_s,
  yes: null,
  share: null,
});

const GROUPINGS = ['day', 'week', 'month', 'agent', 'tag', 'product', 'reason', 'urgency', 'channel', 'policy'];

function stubServer({ perAgent = true } = {}) {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(url);
      if (/\/reports\/(\?|$)/.test(url)) return jsonAnswer({ metrics: [], groupings: GROUPINGS.filter((g) => perAgent || g !== 'agent') });
      const behind = /\/reports\/(\w+)\/tickets\?/.exec(url);
      if (behind)
        return jsonAnswer({
          metric: behind[1],
          key: new URL(url, 'http://x').searchParams.get('key'),
          definition: `Definition of ${behind[1]}`,
          from: '2026-12-01T00:00:00.000Z',
          to: '2026-12-02T00:00:00.000Z',
          n: 2,
          page: 1,
          per_page: 50,
          tickets: [
            {
              ticket_id: 7,
              number: 41,
              subject: 'Cannot sign in',
              status_slug: 'open',
              status_name: 'Open',
              at: '2026-12-01T09:00:00.000Z',
              value_s: 600,
              ok: null,
            },
            {
              ticket_id: 8,
              number: 42,
              subject: 'Refund',
              status_slug: 'resolved',
              status_name: 'Resolved',
              at: '2026-12-01T10:00:00.000Z',
              value_s: 1200,
              ok: null,
            },
          ],
        });
      const metric = /\/reports\/(\w+)/.exec(url)?.[1] ?? '';
      return jsonAnswer({
        metric,
        definition: `Definition of ${metric}`,
        statistics: 'Nearest-rank percentiles.',
        from: '2026-12-01',
        to: '2026-12-02',
        tz: 'UTC',
        group_by: 'day',
        hours: new URL(url, 'http://x').searchParams.get('hours'),
        buckets: [bucket('2026-12-01', 2, 900), bucket('2026-12-02', 0, null)],
      });
    }),
  );
  return urls;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  drawn.length = 0;
});

// The screen's catalogue namespaces, as its route loads them (app.tsx, i18n/with-namespaces.tsx).
beforeAll(() => loadNamespaces(['reports', 'service-levels']));
describe('a Reports page', () => {
  it('shows each metric’s definition, a table of its numbers, the chart of the same, and its CSV link', async () => {
    const urls = stubServer();
    open('reports/times');
    const report = await screen.findByTestId('report-first_reply');
    await within(report).findByText('Definition of first_reply');
    const rows = within(report).getAllByRole('row');
    // The header, then one row per bucket: the day in words, the count, median, p90 and mean.
    expect(rows.map((row) => row.textContent)).toEqual([
      'DayCountMedian90th percentileMean',
      'Dec 12 (show what is behind Dec 1)15 min30 min15 min',
      'Dec 20–––',
    ]);
    expect(within(report).getByTestId('report-chart').getAttribute('aria-hidden')).toBe('true');
    await waitFor(() => expect(drawn.length).toBeGreaterThan(0));
    expect(drawn[0]?.data).toEqual([
      [0, 1],
      [900, null],
    ]);
    expect(
      within(report)
        .getByRole('link', { name: /Download CSV/ })
        .getAttribute('href'),
    ).toMatch(/\/reports\/first_reply\?.*&format=csv$/);

    // Business hours: every metric asked again with hours=business.
    await act(async () => fireEvent.change(screen.getByLabelText('Hours'), { target: { value: 'business' } }));
    await waitFor(() => expect(urls.filter((url) => url.includes('hours=business'))).toHaveLength(4));
  });

  it('offers per-agent figures only when the API says the reader may have them', async () => {
    const options = () =>
      within(screen.getByLabelText('Group by'))
        .getAllByRole('option')
        .map((o) => o.getAttribute('value'));
    stubServer({ perAgent: false });
    const { unmount } = open('reports/volume', true);
    await screen.findByTestId('report-created');
    await waitFor(() => expect(options()).not.toContain('agent'));
    unmount();
    // An agent, with the setting on.
    stubServer({ perAgent: true });
    open('reports/volume', false);
    await screen.findByTestId('report-created');
    await waitFor(() => expect(options()).toContain('agent'));
  });

  it('links each bar’s count to the tickets behind it, which lead back to the same report', async () => {
    const urls = stubServer();
    open('reports/times?from=2026-12-01&to=2026-12-02&tz=UTC&group_by=day&hours=business');
    const report = await screen.findByTestId('report-first_reply');
    const link = await within(report).findByRole('link', { name: '2 (show what is behind Dec 1)' });
    // An empty bar has nothing behind it to show.
    expect(within(report).queryByRole('link', { name: /show what is behind Dec 2/ })).toBeNull();
    await act(async () => fireEvent.click(link));
    expect(await screen.findByTestId('bucket-count')).toHaveProperty('textContent', '2 tickets in this bar');
    expect(urls.some((url) => /\/reports\/first_reply\/tickets\?.*hours=business.*&key=2026-12-01&page=1/.test(url))).toBe(true);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('First reply time (median): Dec 1');
    expect(screen.getByRole('link', { name: '#41' }).getAttribute('href')).toMatch(/tickets\/41$/);
    await act(async () => fireEvent.click(screen.getByRole('link', { name: /Back to the report/ })));
    const again = await screen.findByTestId('report-first_reply');
    expect(within(again).getByRole('link', { name: /show what is behind Dec 1/ })).toBeTruthy();
    expect(location.search).toContain('hours=business');
  });
});
