import { expect, it } from 'vitest';
import { summarizeTimes } from './summarize-times.js';

it('percentiles are nearest rank: the value at ⌈p × n⌉, the lower middle for an even count', () => {
  // Ten values: the median is the 5th (⌈5⌉), the 90th percentile the 9th (⌈9⌉), never an interpolation.
  expect(summarizeTimes([100, 10, 90, 20, 80, 30, 70, 40, 60, 50])).toEqual({ n: 10, median_s: 50, p90_s: 90, mean_s: 55 });
  // Eleven: the median is the 6th, the 90th percentile the 10th (⌈9.9⌉).
  expect(summarizeTimes([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11])).toMatchObject({ median_s: 6, p90_s: 10 });
  expect(summarizeTimes([])).toEqual({ n: 0, median_s: null, p90_s: null, mean_s: null });
});
