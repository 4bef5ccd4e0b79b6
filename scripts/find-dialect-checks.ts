/**
 * What SQLite and PostgreSQL do differently lives in server/db's storage adapters (server/db/storage.ts);
 * code elsewhere asks the adapter, never which database it is. These are the ways of asking: reading a
 * `dialect` property, or comparing with a dialect's name.
 */
const DIALECT_CHECKS: Array<{ pattern: RegExp; what: string }> = [
  { pattern: /\.\s*dialect\b|\[\s*['"`]dialect['"`]\s*\]/, what: 'reads `.dialect`' },
  { pattern: /[!=]==?\s*['"`](sqlite|postgres|postgresql)['"`]/i, what: 'compares with a dialect name' },
  { pattern: /['"`](sqlite|postgres|postgresql)['"`]\s*[!=]==?/i, what: 'compares with a dialect name' },
  { pattern: /\bcase\s+['"`](sqlite|postgres|postgresql)['"`]\s*:/i, what: 'switches on a dialect name' },
];

/** Files that may tell the databases apart: the storage layer itself, and tests, which run per database. */
export function mayCheckDialect(file: string): boolean {
  return /^server\/db\//.test(file) || /^server\/test\//.test(file) || /\.test\.tsx?$/.test(file);
}

/** The lines of `text` that tell the databases apart, numbered from 1; comments are not read. */
export function findDialectChecks(text: string): Array<{ line: number; what: string }> {
  const found: Array<{ line: number; what: string }> = [];
  text.split('\n').forEach((line, index) => {
    const code = line.replace(/\/\/.*$/, '').replace(/^\s*\*.*$/, '');
    const check = DIALECT_CHECKS.find(({ pattern }) => pattern.test(code));
    if (check) found.push({ line: index + 1, what: check.what });
  });
  return found;
}
