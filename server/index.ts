import { limitOldGenerationGrowth } from './old-generation.js';
import { holdOptimizingCompilerDuringStart } from './optimizing-compiler.js';
import { holdYoungGenerationDuringStart } from './young-generation.js';

// Before anything else runs: the start's own allocations would grow the young generation for good, and
// its hot start-only code would be optimised for nothing (both let go in cli.ts).
holdYoungGenerationDuringStart();
holdOptimizingCompilerDuringStart();
// For good: the heap collects at 1.5 times what was alive, not V8's up to 4 times (server/old-generation.ts).
limitOldGenerationGrowth(50);
// Loaded after the flag is set (a static import would run every module's top level first).
const { runCli } = await import('./cli.js');

// Process entry: the `helpdesk` command (see USAGE in cli.ts); `serve` by default.
runCli(process.argv.slice(2)).then(
  (code) => {
    if (code >= 0) process.exitCode = code;
  },
  (error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  },
);
