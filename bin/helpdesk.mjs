#!/usr/bin/env -S node --heap-growing-percent=50 --max-semi-space-size=4
// The `helpdesk` command. Runs the built server; `npm install` builds it (the prepare script).
// Its first line gives node the service's V8 settings (bin/node-flags.mjs says why).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const entry = new URL('../dist/server/index.js', import.meta.url);
if (!existsSync(fileURLToPath(entry))) {
  console.error('The helpdesk is not built yet. Run: npm run build');
  process.exit(1);
}
await import(entry.href);
