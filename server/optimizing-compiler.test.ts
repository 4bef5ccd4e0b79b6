import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const MODULE = pathToFileURL(new URL('./optimizing-compiler.ts', import.meta.url).pathname).href;

/**
 * Whether V8 optimised a hot function in a fresh Node process after `setup` ran with the module as
 * `compiler`: the function is called in slices between which the event loop turns (TurboFan compiles
 * on a background thread), until it is optimised or 300 slices have passed. `nodeArgs` go to that node.
 */
function optimisesHotFunction(setup: string, nodeArgs: string[] = []): boolean {
  const script = `
    import * as compiler from ${JSON.stringify(MODULE)};
    ${setup};
    const isOptimised = new Function('f', 'return (%GetOptimizationStatus(f) & 16) !== 0');
    function hot(n) { let sum = 0; for (let i = 0; i < n; i++) sum += i % 7; return sum; }
    let optimised = false;
    for (let slice = 0; slice < 300 && !optimised; slice++) {
      for (let i = 0; i < 2_000; i++) hot(100);
      await new Promise((resolve) => setImmediate(resolve));
      optimised = isOptimised(hot);
    }
    console.log(optimised);`;
  const args = ['--allow-natives-syntax', ...nodeArgs, '--import', TSX_LOADER, '--input-type=module', '-e', script];
  return execFileSync(process.execPath, args, { encoding: 'utf8' }).trim() === 'true';
}

describe('optimising compiler', () => {
  it('left alone, optimises a hot function', () => {
    expect(optimisesHotFunction('')).toBe(true);
  });

  it('optimises nothing while held during the start', () => {
    expect(optimisesHotFunction('compiler.holdOptimizingCompilerDuringStart()')).toBe(false);
  });

  it('optimises again once released', () => {
    expect(optimisesHotFunction('compiler.holdOptimizingCompilerDuringStart(); compiler.releaseOptimizingCompiler()')).toBe(true);
  });

  it('leaves a choice given to node alone', () => {
    expect(optimisesHotFunction('compiler.holdOptimizingCompilerDuringStart()', ['--turbofan'])).toBe(true);
  });
});
