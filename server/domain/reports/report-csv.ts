import { csvLine } from './csv-cells.js';
import type { ReportBucket } from './run-report.js';

/** The columns of a chart's CSV: the JSON buckets' fields in their order. */
export const REPORT_CSV_COLUMNS = ['key', 'label', 'n', 'median_s', 'p90_s', 'mean_s', 'yes', 'share'] as const;

/** A chart as CSV, cell for cell the buckets of its JSON (null as an empty cell). */
export function reportCsv(buckets: readonly ReportBucket[]): string {
  return [csvLine([...REPORT_CSV_COLUMNS]), ...buckets.map((b) => csvLine(REPORT_CSV_COLUMNS.map((column) => b[column])))].join('');
}
