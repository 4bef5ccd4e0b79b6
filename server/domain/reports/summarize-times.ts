/** How a bucket's times are summed up: all in whole seconds, null when the bucket has none. */
export interface TimeSummary {
  n: number;
  median_s: number | null;
  p90_s: number | null;
  mean_s: number | null;
}

/**
 * Nearest-rank percentile: the value at rank ⌈p/100 × n⌉ of the values sorted ascending (1-based), so every
 * figure is one ticket's own time, never an interpolation between two. The median is the 50th (for an even
 * count the lower of the two middle values); the mean is rounded to the nearest second.
 */
export function nearestRank(sorted: readonly number[], percentile: number): number | null {
  if (sorted.length === 0) return null;
  const rank = Math.max(1, Math.ceil((percentile / 100) * sorted.length));
  return sorted[rank - 1] as number;
}

/** Median, 90th percentile (nearest rank) and mean of some times, with their count. */
export function summarizeTimes(values: number[]): TimeSummary {
  if (values.length === 0) return { n: 0, median_s: null, p90_s: null, mean_s: null };
  const sorted = Float64Array.from(values).sort();
  const list = Array.from(sorted);
  const sum = list.reduce((total, value) => total + value, 0);
  return { n: list.length, median_s: nearestRank(list, 50), p90_s: nearestRank(list, 90), mean_s: Math.round(sum / list.length) };
}
