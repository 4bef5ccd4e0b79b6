// The V8 settings the service runs with, given to node when it starts (never changed while it runs: Node
// documents setting V8 flags after start as unsafe). The `helpdesk` launcher's first line and `npm start`
// in package.json carry the same list; bin/node-flags.test.ts holds them together.
//
// --heap-growing-percent=50: the old generation is collected again once it has grown by half of what the
//   last full collection found alive, not V8's pick of up to 300 % on a machine with much memory. Measured
//   (docs/benchmarks-archive.md, "2026-11-28 … memory"): the SQLite intake's peak fell from 158 to 125 MiB at the same
//   tickets per second.
// --max-semi-space-size=4: the young generation's two halves grow to 4 MiB each, not 16. Measured
//   (docs/benchmarks-archive.md, "2026-11-26: memory"): no CPU cost per request, peaks 15–20 MiB lower.
//
// To run without them (to compare, or to diagnose): `node dist/server/index.js serve`.
export const NODE_FLAGS = ['--heap-growing-percent=50', '--max-semi-space-size=4'];
