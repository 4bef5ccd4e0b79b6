// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { I18nProvider, loadNamespaces } from '../i18n/i18n.js';
import { jsonAnswer } from '../test/answers.js';
import { ReportsScreen } from './reports-screen.js';

// happy-dom has no canvas: uPlot is replaced by a stand-in that remembers what it was asked to draw.
const drawn: Array<{ data: unknown }> = [];
vi.mock('uplot', () => {
  class FakePlot {
    static paths = { bars: () => null };
    constructor(_options: unknown, data: unknown) {
      drawn.push({ data });
    }
    setSize() {}
    destroy() {}
  }
  return { default: FakePlot };
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

function stubServer() {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(url);
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
    render(
      <I18nProvider>
        <ReportsScreen page="times" isAdmin={false} />
      </I18nProvider>,
    );
    const report = await screen.findByTestId('report-first_reply');
    await within(report).findByText('Definition of first_reply');
    const rows = within(report).getAllByRole('row');
    // The header, then one row per bucket: the day in words, the count, median, p90 and mean.
    expect(rows.map((row) => row.textContent)).toEqual(['DayCountMedian90th percentileMean', 'Dec 1215 min30 min15 min', 'Dec 20–––']);
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

  it('offers per-agent figures to admins only', async () => {
    stubServer();
    const { unmount } = render(
      <I18nProvider>
        <ReportsScreen page="volume" isAdmin={false} />
      </I18nProvider>,
    );
    const options = () =>
      within(screen.getByLabelText('Group by'))
        .getAllByRole('option')
        .map((o) => o.getAttribute('value'));
    await screen.findByTestId('report-created');
    expect(options()).not.toContain('agent');
    unmount();
    render(
      <I18nProvider>
        <ReportsScreen page="volume" isAdmin={true} />
      </I18nProvider>,
    );
    await screen.findByTestId('report-created');
    expect(options()).toContain('agent');
  });
});
