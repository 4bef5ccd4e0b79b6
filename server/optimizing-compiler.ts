import { setFlagsFromString } from 'node:v8';

// V8's optimising compiler (TurboFan) is switched off while the service starts and on again once it
// listens. What runs hot during the start (path handling, migrations, module set-up) runs once: compiling it
// is wasted, and it costs the idle service ~4.5 MiB resident (the compiler's own machine code, 3 MiB of the
// node binary that is otherwise never paged in, its working memory and the optimised code). Requests get
// TurboFan as before; the start took as long either way (BENCHMARKS.md, "2026-11-26: idle memory").

// Whoever starts node chose the compilers themselves (`node --no-opt`, `--jitless`, NODE_OPTIONS): theirs wins.
const FLAG = /--(no-)?(turbofan|opt|jitless)\b/;
const isChosenAtLaunch = () => process.execArgv.some((arg) => FLAG.test(arg)) || FLAG.test(process.env.NODE_OPTIONS ?? '');

/** Before any other module of the service runs (server/index.ts). */
export function holdOptimizingCompilerDuringStart(): void {
  if (!isChosenAtLaunch()) setFlagsFromString('--no-turbofan');
}

/** Once started (or at once, for a command other than `serve`): hot functions are optimised again. */
export function releaseOptimizingCompiler(): void {
  if (!isChosenAtLaunch()) setFlagsFromString('--turbofan');
}
