import { runCli } from './cli.js';

// Process entry: `helpdesk serve` (default), `migrate`, `user add`, `token create`.
runCli(process.argv.slice(2)).then(
  (code) => {
    if (code >= 0) process.exitCode = code;
  },
  (error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  },
);
