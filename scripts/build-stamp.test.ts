import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearStamp, isBuildCurrent, sourceStamp, writeStamp } from './build-stamp.mjs';

const OPTIONS = { inputs: ['src', 'package.json'], outputs: ['dist/app.js'], stampFile: 'dist/.build-stamp' };

describe('the build stamp (npm start rebuilds only when dist/ is older than its sources)', () => {
  let root = '';
  const put = (path: string, text: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  const build = () => {
    put('dist/app.js', 'built');
    writeStamp(root, sourceStamp(root, OPTIONS.inputs), OPTIONS.stampFile);
  };
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'build-stamp-'));
    put('package.json', '{}');
    put('src/a.ts', 'export const a = 1;');
    put('src/deep/b.ts', 'export const b = 2;');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('a fresh clone (no dist/) builds; after a build nothing is stale', () => {
    expect(isBuildCurrent(root, OPTIONS)).toBe(false);
    build();
    expect(isBuildCurrent(root, OPTIONS)).toBe(true);
  });

  it('a changed, added or removed source makes it stale', () => {
    build();
    put('src/deep/b.ts', 'export const b = 3;');
    expect(isBuildCurrent(root, OPTIONS)).toBe(false);
    build();
    put('src/c.ts', '');
    expect(isBuildCurrent(root, OPTIONS)).toBe(false);
    build();
    rmSync(join(root, 'src/a.ts'));
    expect(isBuildCurrent(root, OPTIONS)).toBe(false);
    build();
    put('package.json', '{"version":"2"}');
    expect(isBuildCurrent(root, OPTIONS)).toBe(false);
  });

  it('a file moved to another name is a change, though its bytes are the same', () => {
    build();
    rmSync(join(root, 'src/a.ts'));
    put('src/z.ts', 'export const a = 1;');
    expect(isBuildCurrent(root, OPTIONS)).toBe(false);
  });

  it('a missing output, a cleared stamp (a build that failed) or a stamp from other sources is stale', () => {
    build();
    rmSync(join(root, 'dist/app.js'));
    expect(isBuildCurrent(root, OPTIONS)).toBe(false);
    build();
    clearStamp(root, OPTIONS.stampFile);
    expect(isBuildCurrent(root, OPTIONS)).toBe(false);
    put('dist/.build-stamp', 'f'.repeat(64));
    expect(isBuildCurrent(root, OPTIONS)).toBe(false);
  });

  it('new times on unchanged files (a checkout, a copy) and edited tests need no rebuild', () => {
    build();
    utimesSync(join(root, 'src/a.ts'), new Date(2030, 0, 1), new Date(2030, 0, 1));
    put('src/a.test.ts', 'it("x", () => {});');
    put('src/node_modules/x/index.js', '');
    expect(isBuildCurrent(root, OPTIONS)).toBe(true);
  });
});
