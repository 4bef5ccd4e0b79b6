/** Upper bounds of the request-duration histogram, in seconds (Prometheus' defaults). */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

interface Series {
  labels: string;
  counts: number[];
  sum: number;
  count: number;
}

/**
 * Request counts and durations by method, route pattern (`/api/helpdesk/v1/tickets/:id`, never the raw URL, so
 * the series stay few) and status class, in this process's memory: one Map lookup and a few additions per
 * answer. Read by GET /metrics in Prometheus' text format.
 */
export function createRequestMetrics() {
  const totals = new Map<string, number>();
  const durations = new Map<string, Series>();
  const escapeLabel = (value: string) => value.replaceAll('\\', '\\\\').replaceAll('"', '\\"').replaceAll('\n', '\\n');
  return {
    record(method: string, route: string, status: number, seconds: number): void {
      const labels = `method="${escapeLabel(method)}",route="${escapeLabel(route)}"`;
      const key = `${labels},status="${Math.floor(status / 100)}xx"`;
      totals.set(key, (totals.get(key) ?? 0) + 1);
      let series = durations.get(labels);
      if (!series) {
        series = { labels, counts: BUCKETS.map(() => 0), sum: 0, count: 0 };
        durations.set(labels, series);
      }
      for (let i = 0; i < BUCKETS.length; i++) if (seconds <= (BUCKETS[i] as number)) series.counts[i] = (series.counts[i] as number) + 1;
      series.sum += seconds;
      series.count++;
    },
    render(): string {
      const lines = [
        '# HELP helpdesk_http_requests_total HTTP requests answered by this instance.',
        '# TYPE helpdesk_http_requests_total counter',
      ];
      for (const [key, value] of totals) lines.push(`helpdesk_http_requests_total{${key}} ${value}`);
      lines.push(
        '# HELP helpdesk_http_request_duration_seconds Time to answer, by route.',
        '# TYPE helpdesk_http_request_duration_seconds histogram',
      );
      for (const s of durations.values()) {
        for (const [i, le] of BUCKETS.entries())
          lines.push(`helpdesk_http_request_duration_seconds_bucket{${s.labels},le="${le}"} ${s.counts[i]}`);
        lines.push(`helpdesk_http_request_duration_seconds_bucket{${s.labels},le="+Inf"} ${s.count}`);
        lines.push(`helpdesk_http_request_duration_seconds_sum{${s.labels}} ${s.sum}`);
        lines.push(`helpdesk_http_request_duration_seconds_count{${s.labels}} ${s.count}`);
      }
      return `${lines.join('\n')}\n`;
    },
  };
}

export type RequestMetrics = ReturnType<typeof createRequestMetrics>;
