// An esbuild plugin for the server bundle (scripts/build.mjs): @fastify/compress asks of every answer's
// payload `payload instanceof Response`, and reading the global `Response` makes Node load its whole fetch
// implementation (undici, and the WebAssembly HTTP parser it compiles at once): ~2.4 MiB resident from the
// first answer on, in a service that never uses fetch. A Response (or a subclass) says so in its
// Symbol.toStringTag, which can be read without touching the global; only then is `instanceof` asked.
// The same for `ReadableStream`. The build fails if the package's text changes (an upgrade), rather than
// silently dropping this.
import { readFile } from 'node:fs/promises';

const FILE = /[\\/]@fastify[\\/]compress[\\/]lib[\\/]utils\.js$/;
const REPLACEMENTS = [
  ['return obj instanceof ReadableStream', "return isTagged(obj, 'ReadableStream') && obj instanceof ReadableStream"],
  ['return obj instanceof Response', "return isTagged(obj, 'Response') && obj instanceof Response"],
];
const IS_TAGGED =
  "\nfunction isTagged (obj, tag) {\n  return obj !== null && typeof obj === 'object' && obj[Symbol.toStringTag] === tag\n}\n";

/** @type {import('esbuild').Plugin} */
export const lazyWebGlobalsPlugin = {
  name: 'lazy-web-globals',
  setup(build) {
    build.onLoad({ filter: FILE }, async (args) => {
      let contents = await readFile(args.path, 'utf8');
      for (const [from, to] of REPLACEMENTS) {
        if (!contents.includes(from)) throw new Error(`${args.path}: "${from}" not found (see scripts/lazy-web-globals-plugin.mjs)`);
        contents = contents.replace(from, to);
      }
      return { contents: contents + IS_TAGGED, loader: 'js' };
    });
  },
};
