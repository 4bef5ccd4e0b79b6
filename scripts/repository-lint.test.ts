// `npm run lint` over the repository itself, so that `npm test` (and CI) keeps it green: the other tests here check
// that each lint fires on a tree made to break it; this one checks the project passes them all.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');

it('the repository passes npm run lint: biome, line width, dialect checks, import rules, the API contract, the catalogues', async () => {
  const run = await promisify(execFile)('npm', ['run', '--silent', 'lint'], { cwd: ROOT, maxBuffer: 64 * 1024 * 1024 }).then(
    () => ({ ok: true, output: '' }),
    (error: { stdout?: string; stderr?: string }) => ({ ok: false, output: `${error.stdout ?? ''}\n${error.stderr ?? ''}` }),
  );
  expect(run.ok, run.output.slice(-8000)).toBe(true);
}, 300_000);
