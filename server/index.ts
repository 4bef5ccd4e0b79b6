import { runCli } from './cli.js';

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
