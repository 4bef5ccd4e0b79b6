import { PerformanceObserver } from 'node:perf_hooks';
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';

// The growth factor is the one young-generation flag V8 reads after the heap exists (at each growth);
// `--max-semi-space-size` is read only when the heap is created, before any of our code runs.
const FLAG = /--semi[-_]space[-_]growth[-_]factor/;
const hold = () => setFlagsFromString('--semi-space-growth-factor=1');
// V8's own default (V8 11, Node 20): when the young generation fills up, it may double.
const grow = () => setFlagsFromString('--semi-space-growth-factor=2');

/** Whoever starts node chose the growth themselves (`node --semi-space-growth-factor=…`, NODE_OPTIONS): theirs wins. */
const isChosenAtLaunch = () => process.execArgv.some((arg) => FLAG.test(arg)) || FLAG.test(process.env.NODE_OPTIONS ?? '');

/** Bytes of one semi-space (the young generation is two: objects are copied from one to the other). */
const semiSpaceBytes = () => (getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')?.physical_space_size ?? 0) / 2;

/**
 * Keeps V8's young generation at its first size (two 1 MiB semi-spaces) while the service starts. The
 * start allocates enough to grow it to its full 2 × 16 MiB, which V8 never gives back while the process
 * then idles.
 */
export function holdYoungGenerationDuringStart(): void {
  if (!isChosenAtLaunch()) hold();
}

/**
 * Lets the young generation double again under load, to semi-spaces of about `maxSemiSpaceMiB`: what
 * `--max-semi-space-size` would do, set from inside the process, approximately. The size is checked after
 * each collection (a `gc` performance entry, delivered after the fact), and held once a semi-space has
 * reached half the cap, so that the doubling V8 may make before the check arrives lands near the cap (from
 * half of it to twice it, by the measurements of young-generation.test.ts). Measured (BENCHMARKS.md
 * "2026-11-26: memory"): 4 MiB costs requests no CPU against V8's 16 and lowers the peaks by 15–20 MiB.
 */
export function letYoungGenerationGrowTo(maxSemiSpaceMiB: number): void {
  if (isChosenAtLaunch()) return;
  const cap = maxSemiSpaceMiB * 2 ** 20;
  if (semiSpaceBytes() >= cap / 2) {
    hold();
    return;
  }
  grow();
  const observer = new PerformanceObserver(() => {
    if (semiSpaceBytes() < cap / 2) return;
    hold();
    observer.disconnect();
  });
  observer.observe({ entryTypes: ['gc'] });
}
