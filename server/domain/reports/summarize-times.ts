/**
 * How a bucket's times are summed up, in whole seconds (null when the bucket has none): the median and the 90th
 * percentile are nearest-rank, the value at rank ⌈p/100 × n⌉ of the sorted times (1-based), so each is one
 * ticket's own time, never an interpolation; for an even count the median is the lower middle value. The mean is
 * rounded to the nearest second. The database picks the ranks (report-rows.ts).
 */
export interface TimeSummary {
  n: number;
  median_s: number | null;
  p90_s: number | null;
  mean_s: number | null;
}
