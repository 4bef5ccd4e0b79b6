import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { build } from 'esbuild';
import { afterEach, describe, expect, it } from 'vitest';
import { lazyWebGlobalsPlugin } from './lazy-web-globals-plugin.mjs';

const require = createRequire(import.meta.url);
const UTILS = join(dirname(require.resolve('@fastify/compress')), 'lib', 'utils.js');

interface CompressUtils {
  isFetchResponse(value: unknown): boolean;
  isWebReadableStream(value: unknown): boolean;
}

/** @fastify/compress's lib/utils.js as the server bundle has it (bundled with the plugin), evaluated. */
async function bundledUtils(): Promise<CompressUtils> {
  const result = await build({
    entryPoints: [UTILS],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    write: false,
    logLevel: 'silent',
    plugins: [lazyWebGlobalsPlugin],
  });
  const module = { exports: {} as CompressUtils };
  new Function('module', 'exports', 'require', result.outputFiles?.[0]?.text ?? '')(module, module.exports, require);
  return module.exports;
}

const originals = { Response: globalThis.Response, ReadableStream: globalThis.ReadableStream };
afterEach(() => {
  for (const [name, value] of Object.entries(originals))
    Object.defineProperty(globalThis, name, { value, writable: true, configurable: true, enumerable: false });
});

/** Counts reads of a global (as Node's lazy getters for fetch's classes are read). */
function countReads(name: keyof typeof originals): { reads: number } {
  const counter = { reads: 0 };
  const value = originals[name];
  Object.defineProperty(globalThis, name, {
    configurable: true,
    get() {
      counter.reads++;
      return value;
    },
  });
  return counter;
}

describe('lazyWebGlobalsPlugin', () => {
  it('answers as the package does, without reading the global Response or ReadableStream for other payloads', async () => {
    const utils = await bundledUtils();
    const response = countReads('Response');
    const stream = countReads('ReadableStream');
    for (const payload of ['text', Buffer.from('bytes'), { json: true }, null, undefined, Readable.from(['x'])]) {
      expect(utils.isFetchResponse(payload)).toBe(false);
      expect(utils.isWebReadableStream(payload)).toBe(false);
    }
    expect(response.reads).toBe(0);
    expect(stream.reads).toBe(0);

    class OwnResponse extends originals.Response {}
    expect(utils.isFetchResponse(new originals.Response('x'))).toBe(true);
    expect(utils.isFetchResponse(new OwnResponse('x'))).toBe(true);
    expect(utils.isWebReadableStream(new originals.ReadableStream())).toBe(true);
  });
});
