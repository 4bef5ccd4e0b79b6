import { setFlagsFromString } from 'node:v8';

const FLAG = /--heap[-_]growing[-_]percent/;

/** Whoever starts node chose the growth themselves (`node --heap-growing-percent=…`): theirs wins. */
const isChosenAtLaunch = () => process.execArgv.some((arg) => FLAG.test(arg));

/**
 * Lets V8's old generation grow to at most `percent` % over what the last full collection found alive
 * before it collects again. V8 picks up to 300 % on a machine with this much memory, tuned for throughput:
 * under the intake the service's heap grew from its ~30 MiB alive to ~75 MiB of mostly garbage before each
 * full collection. V8 reads the flag at every full collection, so it can be set once the process runs
 * (node refuses it in NODE_OPTIONS). Measured (BENCHMARKS.md, "2026-11-28 … memory"): 50 % took the
 * SQLite intake's peak from 158 to 125 MiB with the same tickets per second.
 */
export function limitOldGenerationGrowth(percent: number): void {
  if (!isChosenAtLaunch()) setFlagsFromString(`--heap-growing-percent=${percent}`);
}
