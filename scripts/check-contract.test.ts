import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRACT_FILE, renderContractTypes } from './contract-types.js';
import { findStaleContract } from './find-stale-contract.js';

describe('the lint check of the generated API types', () => {
  let expected: string;
  let dir: string;
  beforeAll(async () => {
    expected = await renderContractTypes();
    dir = mkdtempSync(join(tmpdir(), 'helpdesk-contract-'));
  }, 60_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('passes the committed file, which is what the routes generate now', () => {
    expect(findStaleContract(expected)).toBeUndefined();
  });

  it('fails a file that differs from what the routes generate, telling to run npm run contract', () => {
    const file = join(dir, 'openapi.d.ts');
    // A route's answer gained a field the committed types do not know.
    writeFileSync(
      file,
      readFileSync(CONTRACT_FILE, 'utf8').replace('export interface paths {', 'export interface paths {\n  stale: true;'),
    );
    expect(findStaleContract(expected, file)).toMatch(/differs from what the routes generate now: run `npm run contract`/);
  });

  it('fails when the file is missing', () => {
    expect(findStaleContract(expected, join(dir, 'missing.d.ts'))).toMatch(/is missing: run `npm run contract`/);
  });
});
