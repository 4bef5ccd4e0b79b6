#!/usr/bin/env node
// The `helpdesk` command. Runs the built server; `npm install` builds it (the prepare script).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const entry = new URL('../dist/server/index.js', import.meta.url);
if (!existsSync(fileURLToPath(entry))) {
  console.error('The helpdesk is not built yet. Run: npm run build');
  process.exit(1);
}
await import(entry.href);
