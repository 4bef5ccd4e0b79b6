import { runCli } from './cli.js';

// Process entry: the `helpdesk` command (see USAGE in cli.ts); `serve` by default. The V8 settings the
// service runs with are given to node by its launchers (bin/node-flags.mjs), never set from here.
runCli(process.argv.slice(2)).then(
  (code) => {
    if (code >= 0) process.exitCode = code;
  },
  (error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  },
);
