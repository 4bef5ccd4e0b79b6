// `npm run lint`: no code outside server/db (tests excepted) tells SQLite and PostgreSQL apart; it asks the
// storage adapter (`db.storage`, `ctx.storage`, server/db/storage.ts). Names each such line; exits non-zero on any.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { findDialectChecks, mayCheckDialect } from './find-dialect-checks.js';

const CODE = /\.(ts|tsx|mts|cts)$/;
const files = execFileSync('git', ['ls-files', '-z', 'server', 'common'], { encoding: 'utf8' })
  .split('\0')
  .filter((file) => CODE.test(file) && !mayCheckDialect(file));
let count = 0;
for (const file of files) {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    continue; // deleted in the work tree, not yet in the index
  }
  for (const { line, what } of findDialectChecks(text)) {
    console.error(`${file}:${line}: ${what}: ask the storage adapter (server/db/storage.ts) instead`);
    count++;
  }
}
if (count > 0) process.exitCode = 1;
