import { setFlagsFromString } from 'node:v8';

// V8's own default (V8 11, Node 20): each time the young generation fills up, it may double.
const DEFAULT_GROWTH_FACTOR = 2;
const FLAG = /--semi[-_]space[-_]growth[-_]factor/;

/** Whoever starts node chose the growth themselves (`node --semi-space-growth-factor=…`, NODE_OPTIONS): theirs wins. */
const isChosenAtLaunch = () => process.execArgv.some((arg) => FLAG.test(arg)) || FLAG.test(process.env.NODE_OPTIONS ?? '');

/**
 * Keeps V8's young generation at its first size (two 1 MiB semi-spaces) while the service starts. The
 * start allocates enough to grow it to its full 2 × 16 MiB, which V8 never gives back while the process
 * then idles: ~15 MiB of the resident set after start (~25 MiB before the server was bundled).
 * `--max-semi-space-size` is read only when the heap is created, before any of our code runs; the growth
 * factor is read at each growth, so setting it here is in time.
 */
export function holdYoungGenerationDuringStart(): void {
  if (!isChosenAtLaunch()) setFlagsFromString('--semi-space-growth-factor=1');
}

/**
 * Lets the young generation grow again as V8 would (once the service listens): under load a larger one
 * means fewer scavenges and fewer short-lived objects promoted to the old generation (measured: less CPU
 * per filed ticket and a lower peak than holding it small, BENCHMARKS.md "2026-11-26: memory").
 */
export function releaseYoungGeneration(): void {
  if (!isChosenAtLaunch()) setFlagsFromString(`--semi-space-growth-factor=${DEFAULT_GROWTH_FACTOR}`);
}
