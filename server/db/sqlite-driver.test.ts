import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import SQLite, { NODE_API_OF_BETTER_SQLITE3_13 } from './sqlite-driver.js';

const require = createRequire(import.meta.url);
const ROOT = join(import.meta.dirname, '../..');

/** The TypeScript and JavaScript files of the project's code, node_modules and builds aside. */
function sourceFiles(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.(ts|tsx|mts|mjs|js|cjs)$/.test(name) && !/(^|\/)(node_modules|dist)\//.test(name))
    .map((name) => join(folder, name));
}

describe('the SQLite driver for the Node at hand', () => {
  it('is better-sqlite3 13 where Node-API 10 is, else version 12', () => {
    const napi = Number(process.versions.napi);
    const expected = napi >= NODE_API_OF_BETTER_SQLITE3_13 ? 'better-sqlite3' : 'better-sqlite3-12';
    expect(SQLite).toBe(require(expected));
  });

  it('opens a database and answers a query on this runtime', () => {
    const db = new SQLite(':memory:');
    try {
      expect(db.prepare('select 40 + 2 as answer').get()).toEqual({ answer: 42 });
    } finally {
      db.close();
    }
  });

  // Loading better-sqlite3 itself would give version 13 on Node 20, which crashes opening a database there.
  it('is the only module that loads better-sqlite3 (its types may be imported anywhere)', () => {
    const loads =
      /(^|\n)\s*import\s+(?!type\b)[^;]*from\s+['"]better-sqlite3(-12)?['"]|(import|require)\(\s*['"]better-sqlite3(-12)?['"]\s*\)/;
    const offenders = ['server', 'common', 'scripts', 'bin', 'bench', 'e2e']
      .flatMap(sourceFiles)
      .filter((file) => file !== join('server', 'db', 'sqlite-driver.ts'))
      .filter((file) => loads.test(readFileSync(join(ROOT, file), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
