import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const MODULE = pathToFileURL(new URL('./young-generation.ts', import.meta.url).pathname).href;

/**
 * The young generation's committed size (MiB) in a fresh Node process after ~200 MB of short-lived
 * objects, after `calls` of the module's functions: in a process of its own, since V8 never shrinks a
 * young generation that has grown. `nodeArgs` go to that node.
 */
function youngGenerationAfterGarbage(calls: string[], nodeArgs: string[] = []): number {
  const script = `
    import { getHeapSpaceStatistics } from 'node:v8';
    import * as young from ${JSON.stringify(MODULE)};
    for (const name of ${JSON.stringify(calls)}) young[name]();
    let kept = [];
    for (let i = 0; i < 3_000_000; i++) {
      kept.push({ i, text: 'x' + i });
      if (kept.length > 20_000) kept = [];
    }
    const space = getHeapSpaceStatistics().find((s) => s.space_name === 'new_space');
    console.log(space.physical_space_size / 2 ** 20);`;
  const args = [...nodeArgs, '--import', TSX_LOADER, '--input-type=module', '-e', script];
  return Number(execFileSync(process.execPath, args, { encoding: 'utf8' }).trim());
}

describe('young generation during the start', () => {
  it('stays at its first size while held, whatever garbage comes and goes', () => {
    // Left alone it grows to two 16 MiB semi-spaces under this load; held, it keeps the size it had when
    // held (two of 1 MiB in the service, which holds it first; up to two of 2 MiB here, after tsx loaded).
    expect(youngGenerationAfterGarbage([])).toBeGreaterThan(8);
    expect(youngGenerationAfterGarbage(['holdYoungGenerationDuringStart'])).toBeLessThanOrEqual(4);
  });

  it('grows again once released', () => {
    expect(youngGenerationAfterGarbage(['holdYoungGenerationDuringStart', 'releaseYoungGeneration'])).toBeGreaterThan(8);
  });

  it('leaves a growth factor given to node alone', () => {
    const held = youngGenerationAfterGarbage(['holdYoungGenerationDuringStart'], ['--semi-space-growth-factor=2']);
    expect(held).toBeGreaterThan(8);
  });
});
