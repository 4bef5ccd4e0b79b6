import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const MODULE = pathToFileURL(new URL('./young-generation.ts', import.meta.url).pathname).href;

/**
 * The young generation's committed size (MiB) in a fresh Node process after ~300 MB of short-lived
 * objects, made in slices between which the event loop turns (as between requests), after `setup` ran
 * with the module as `young`: in a process of its own, since V8 never shrinks a young generation that
 * has grown. `nodeArgs` go to that node.
 */
function youngGenerationAfterGarbage(setup: string, nodeArgs: string[] = []): number {
  const script = `
    import { getHeapSpaceStatistics } from 'node:v8';
    import * as young from ${JSON.stringify(MODULE)};
    ${setup};
    let kept = [];
    for (let slice = 0; slice < 1_000; slice++) {
      for (let i = 0; i < 5_000; i++) {
        kept.push({ i, text: 'x' + i });
        if (kept.length > 20_000) kept = [];
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
    const space = getHeapSpaceStatistics().find((s) => s.space_name === 'new_space');
    console.log(space.physical_space_size / 2 ** 20);`;
  const args = [...nodeArgs, '--import', TSX_LOADER, '--input-type=module', '-e', script];
  return Number(execFileSync(process.execPath, args, { encoding: 'utf8' }).trim());
}

describe('young generation', () => {
  it('left alone, grows to two 16 MiB semi-spaces under this garbage', () => {
    expect(youngGenerationAfterGarbage('')).toBeGreaterThan(24);
  });

  it('stays at the size it had while held during the start', () => {
    // Two 1 MiB semi-spaces in the service, which holds it first; up to two of 2 MiB here, after tsx loaded.
    expect(youngGenerationAfterGarbage('young.holdYoungGenerationDuringStart()')).toBeLessThanOrEqual(4);
  });

  it('grows again once let, to about the cap: past the held size, short of the default', () => {
    const size = youngGenerationAfterGarbage('young.holdYoungGenerationDuringStart(); young.letYoungGenerationGrowTo(8)');
    expect(size).toBeGreaterThan(4);
    expect(size).toBeLessThanOrEqual(16);
  });

  it('leaves a growth factor given to node alone', () => {
    const size = youngGenerationAfterGarbage('young.holdYoungGenerationDuringStart(); young.letYoungGenerationGrowTo(8)', [
      '--semi-space-growth-factor=2',
    ]);
    expect(size).toBeGreaterThan(24);
  });
});
