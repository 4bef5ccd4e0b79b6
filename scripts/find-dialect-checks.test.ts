import { expect, it } from 'vitest';
import { findDialectChecks, mayCheckDialect } from './find-dialect-checks.js';

it('names each line that reads a dialect or compares with a dialect name, and not the adapter asked instead', () => {
  const code = [
    "if (ctx.dialect === 'postgres') await notify();",
    "const pace = 'sqlite' !== kind;",
    "switch (name) { case 'postgres': break; }",
    'const { dialect } = db; use(db["dialect"]);',
    'await ctx.storage.announcePostsChanged(ctx.db);',
    '// on PostgreSQL, ctx.dialect === "postgres" was asked here once',
    ' * a comment naming db.dialect',
  ].join('\n');
  expect(findDialectChecks(code)).toEqual([
    { line: 1, what: 'reads `.dialect`' },
    { line: 2, what: 'compares with a dialect name' },
    { line: 3, what: 'switches on a dialect name' },
    { line: 4, what: 'reads `.dialect`' },
  ]);
});

it('leaves the storage layer and tests free to tell the databases apart', () => {
  expect(mayCheckDialect('server/db/create-db.ts')).toBe(true);
  expect(mayCheckDialect('server/jobs/queue.test.ts')).toBe(true);
  expect(mayCheckDialect('server/test/test-databases.ts')).toBe(true);
  expect(mayCheckDialect('server/jobs/queue.ts')).toBe(false);
  expect(mayCheckDialect('common/api-types.ts')).toBe(false);
});
